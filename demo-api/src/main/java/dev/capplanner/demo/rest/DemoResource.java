package dev.capplanner.demo.rest;

import dev.capplanner.demo.data.DemoData;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;

/**
 * Read-only endpoints described by {@code /openapi.json}. Each serves one tenant's rows, the tenant
 * the caller names (the executor binds it from the run, never a model); without one it refuses.
 */
@Path("/")
@Produces(MediaType.APPLICATION_JSON)
public class DemoResource {

    private final DemoData data = new DemoData();

    @GET
    @Path("customers")
    public Map<String, Object> searchCustomers(@QueryParam("tenant") String tenant, @QueryParam("name") String name) {
        if (name == null || name.trim().length() < 2) {
            throw new BadRequestException("query parameter 'name' needs at least 2 characters");
        }
        return page(data.customersNamed(tenant(tenant), name));
    }

    @GET
    @Path("customers/{customerId}")
    public Map<String, Object> customer(@QueryParam("tenant") String tenant, @PathParam("customerId") String customerId) {
        return data.customer(tenant(tenant), customerId)
                .orElseThrow(() -> new NotFoundException("no customer " + customerId));
    }

    @GET
    @Path("customers/{customerId}/orders")
    public Map<String, Object> ordersOf(@QueryParam("tenant") String tenant, @PathParam("customerId") String customerId) {
        data.customer(tenant(tenant), customerId).orElseThrow(() -> new NotFoundException("no customer " + customerId));
        return page(data.ordersOf(tenant, customerId));
    }

    @GET
    @Path("orders/{orderId}")
    public Map<String, Object> order(@QueryParam("tenant") String tenant, @PathParam("orderId") String orderId) {
        return data.order(tenant(tenant), orderId).orElseThrow(() -> new NotFoundException("no order " + orderId));
    }

    private static String tenant(String tenant) {
        if (tenant == null || tenant.isBlank()) {
            throw new BadRequestException("query parameter 'tenant' is required: rows are served per tenant");
        }
        return tenant;
    }

    private static Map<String, Object> page(List<Map<String, Object>> items) {
        return Map.of("items", items, "count", items.size());
    }
}
