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

/** Read-only endpoints described by {@code /openapi.json}. */
@Path("/")
@Produces(MediaType.APPLICATION_JSON)
public class DemoResource {

    private final DemoData data = new DemoData();

    @GET
    @Path("customers")
    public Map<String, Object> searchCustomers(@QueryParam("name") String name) {
        if (name == null || name.trim().length() < 2) {
            throw new BadRequestException("query parameter 'name' needs at least 2 characters");
        }
        return page(data.customersNamed(name));
    }

    @GET
    @Path("customers/{customerId}")
    public Map<String, Object> customer(@PathParam("customerId") String customerId) {
        return data.customer(customerId).orElseThrow(() -> new NotFoundException("no customer " + customerId));
    }

    @GET
    @Path("customers/{customerId}/orders")
    public Map<String, Object> ordersOf(@PathParam("customerId") String customerId) {
        data.customer(customerId).orElseThrow(() -> new NotFoundException("no customer " + customerId));
        return page(data.ordersOf(customerId));
    }

    @GET
    @Path("orders/{orderId}")
    public Map<String, Object> order(@PathParam("orderId") String orderId) {
        return data.order(orderId).orElseThrow(() -> new NotFoundException("no order " + orderId));
    }

    private static Map<String, Object> page(List<Map<String, Object>> items) {
        return Map.of("items", items, "count", items.size());
    }
}
