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
 * The support desk's read-only endpoints, described by {@code /openapi.json}. Each serves one tenant's rows, the tenant
 * the caller names (the executor binds it from the run, never a model); without one it refuses.
 */
@Path("/")
@Produces(MediaType.APPLICATION_JSON)
public class DemoResource {

    static final int MAX_LIMIT = 50;
    static final List<String> ORDER_STATUSES = List.of("processing", "shipped", "delivered", "cancelled");
    static final List<String> INVOICE_STATUSES = List.of("paid", "unpaid", "overdue");
    static final List<String> TICKET_STATUSES = List.of("open", "pending", "closed");
    static final List<String> PRIORITIES = List.of("low", "normal", "high", "urgent");

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
    public Map<String, Object> ordersOf(@QueryParam("tenant") String tenant, @PathParam("customerId") String customerId,
                                        @QueryParam("status") String status, @QueryParam("limit") Integer limit) {
        knownCustomer(tenant, customerId);
        return page(data.ordersOf(tenant, customerId, oneOf("status", status, ORDER_STATUSES), limit(limit)));
    }

    @GET
    @Path("orders/{orderId}")
    public Map<String, Object> order(@QueryParam("tenant") String tenant, @PathParam("orderId") String orderId) {
        return data.order(tenant(tenant), orderId).orElseThrow(() -> new NotFoundException("no order " + orderId));
    }

    @GET
    @Path("orders/{orderId}/shipments")
    public Map<String, Object> shipmentsOf(@QueryParam("tenant") String tenant, @PathParam("orderId") String orderId) {
        data.order(tenant(tenant), orderId).orElseThrow(() -> new NotFoundException("no order " + orderId));
        return page(data.shipmentsOf(tenant, orderId));
    }

    @GET
    @Path("shipments/{shipmentId}")
    public Map<String, Object> shipment(@QueryParam("tenant") String tenant, @PathParam("shipmentId") String shipmentId) {
        return data.shipment(tenant(tenant), shipmentId)
                .orElseThrow(() -> new NotFoundException("no shipment " + shipmentId));
    }

    @GET
    @Path("customers/{customerId}/invoices")
    public Map<String, Object> invoicesOf(@QueryParam("tenant") String tenant, @PathParam("customerId") String customerId,
                                          @QueryParam("status") String status, @QueryParam("limit") Integer limit) {
        knownCustomer(tenant, customerId);
        return page(data.invoicesOf(tenant, customerId, oneOf("status", status, INVOICE_STATUSES), limit(limit)));
    }

    @GET
    @Path("invoices/{invoiceId}")
    public Map<String, Object> invoice(@QueryParam("tenant") String tenant, @PathParam("invoiceId") String invoiceId) {
        return data.invoice(tenant(tenant), invoiceId).orElseThrow(() -> new NotFoundException("no invoice " + invoiceId));
    }

    @GET
    @Path("invoices/{invoiceId}/payments")
    public Map<String, Object> paymentsOf(@QueryParam("tenant") String tenant, @PathParam("invoiceId") String invoiceId) {
        data.invoice(tenant(tenant), invoiceId).orElseThrow(() -> new NotFoundException("no invoice " + invoiceId));
        return page(data.paymentsOf(tenant, invoiceId));
    }

    @GET
    @Path("customers/{customerId}/tickets")
    public Map<String, Object> ticketsOf(@QueryParam("tenant") String tenant, @PathParam("customerId") String customerId,
                                         @QueryParam("status") String status, @QueryParam("priority") String priority) {
        knownCustomer(tenant, customerId);
        return page(data.ticketsOf(tenant, customerId, oneOf("status", status, TICKET_STATUSES),
                oneOf("priority", priority, PRIORITIES)));
    }

    @GET
    @Path("tickets/{ticketId}")
    public Map<String, Object> ticket(@QueryParam("tenant") String tenant, @PathParam("ticketId") String ticketId) {
        return data.ticket(tenant(tenant), ticketId).orElseThrow(() -> new NotFoundException("no ticket " + ticketId));
    }

    private void knownCustomer(String tenant, String customerId) {
        data.customer(tenant(tenant), customerId).orElseThrow(() -> new NotFoundException("no customer " + customerId));
    }

    /** A filter value the OpenAPI document enumerates; absent means no filter. */
    private static String oneOf(String parameter, String value, List<String> allowed) {
        if (value != null && !allowed.contains(value)) {
            throw new BadRequestException("query parameter '" + parameter + "' must be one of " + allowed);
        }
        return value;
    }

    private static int limit(Integer limit) {
        if (limit == null) {
            return MAX_LIMIT;
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new BadRequestException("query parameter 'limit' must be between 1 and " + MAX_LIMIT);
        }
        return limit;
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
