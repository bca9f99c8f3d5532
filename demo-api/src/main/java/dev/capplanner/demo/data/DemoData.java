package dev.capplanner.demo.data;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The support desk's data (customers, orders with their lines, shipments with tracking events,
 * invoices, payments, tickets): the hand-written rows of {@code demo-data.json} and the generated
 * ones around them ({@link SupportDeskRows}); read-only. Every row belongs to a tenant, and every
 * question is asked for one tenant: another tenant's rows do not exist for it. Lists are newest first.
 */
public final class DemoData {

    private final SupportDeskRows.Tables tables;

    @SuppressWarnings("unchecked")
    public DemoData() {
        try (InputStream in = DemoData.class.getClassLoader().getResourceAsStream("demo-data.json")) {
            Map<String, Object> data = new ObjectMapper().readValue(in, Map.class);
            tables = SupportDeskRows.around((List<Map<String, Object>>) data.get("customers"),
                    (List<Map<String, Object>>) data.get("orders"), (List<Map<String, Object>>) data.get("tickets"));
        } catch (IOException e) {
            throw new UncheckedIOException("demo data missing", e);
        }
    }

    /** Case-insensitive substring match on the name; every match of the tenant, in id order. */
    public List<Map<String, Object>> customersNamed(String tenant, String name) {
        String needle = name.toLowerCase(Locale.ROOT).trim();
        return tables.customers().stream()
                .filter(c -> tenant.equals(c.get("tenant")))
                .filter(c -> String.valueOf(c.get("name")).toLowerCase(Locale.ROOT).contains(needle))
                .sorted(Comparator.comparing(c -> String.valueOf(c.get("id"))))
                .toList();
    }

    /** The tenant's customer with this e-mail address (case-insensitive), if any. */
    public Optional<Map<String, Object>> customerWithEmail(String tenant, String email) {
        return tables.customers().stream().filter(c -> tenant.equals(c.get("tenant"))
                && String.valueOf(c.get("email")).equalsIgnoreCase(email.strip())).findFirst()
                .map(c -> without(c, "tenant"));
    }

    public Optional<Map<String, Object>> customer(String tenant, String id) {
        return one(tables.customers(), tenant, id);
    }

    /** A customer's orders, newest first, without their lines (the list view), optionally of one status. */
    public List<Map<String, Object>> ordersOf(String tenant, String customerId, String status, int limit) {
        return newestFirst(tables.orders(), tenant, row -> customerId.equals(row.get("customerId"))
                && (status == null || status.equals(row.get("status"))), "date", limit)
                .stream().map(o -> without(o, "lines", "tenant", "customerId")).toList();
    }

    public Optional<Map<String, Object>> order(String tenant, String id) {
        return one(tables.orders(), tenant, id).map(order -> {
            Map<String, Object> detail = without(order, "tenant");
            tables.shipments().stream().filter(s -> id.equals(s.get("orderId"))).findFirst()
                    .ifPresent(s -> detail.put("shipmentId", s.get("id")));
            tables.invoices().stream().filter(i -> id.equals(i.get("orderId"))).findFirst()
                    .ifPresent(i -> detail.put("invoiceId", i.get("id")));
            return detail;
        });
    }

    /** An order's shipments (none before it ships) without their tracking events. */
    public List<Map<String, Object>> shipmentsOf(String tenant, String orderId) {
        return newestFirst(tables.shipments(), tenant, row -> orderId.equals(row.get("orderId")), "shippedOn",
                Integer.MAX_VALUE).stream().map(s -> without(s, "tenant", "events")).toList();
    }

    public Optional<Map<String, Object>> shipment(String tenant, String id) {
        return one(tables.shipments(), tenant, id).map(s -> without(s, "tenant"));
    }

    public List<Map<String, Object>> invoicesOf(String tenant, String customerId, String status, int limit) {
        return newestFirst(tables.invoices(), tenant, row -> customerId.equals(row.get("customerId"))
                && (status == null || status.equals(row.get("status"))), "issued", limit)
                .stream().map(i -> without(i, "tenant")).toList();
    }

    public Optional<Map<String, Object>> invoice(String tenant, String id) {
        return one(tables.invoices(), tenant, id).map(i -> without(i, "tenant"));
    }

    public List<Map<String, Object>> paymentsOf(String tenant, String invoiceId) {
        return newestFirst(tables.payments(), tenant, row -> invoiceId.equals(row.get("invoiceId")), "date",
                Integer.MAX_VALUE).stream().map(p -> without(p, "tenant", "invoiceId")).toList();
    }

    public List<Map<String, Object>> ticketsOf(String tenant, String customerId, String status, String priority) {
        return newestFirst(tables.tickets(), tenant, row -> customerId.equals(row.get("customerId"))
                && (status == null || status.equals(row.get("status")))
                && (priority == null || priority.equals(row.get("priority"))), "opened", Integer.MAX_VALUE)
                .stream().map(t -> without(t, "tenant")).toList();
    }

    public Optional<Map<String, Object>> ticket(String tenant, String id) {
        return one(tables.tickets(), tenant, id).map(t -> without(t, "tenant"));
    }

    /** How many rows of each table a tenant has. */
    public Map<String, Long> rowCounts(String tenant) {
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("customers", count(tables.customers(), tenant));
        counts.put("orders", count(tables.orders(), tenant));
        counts.put("shipments", count(tables.shipments(), tenant));
        counts.put("invoices", count(tables.invoices(), tenant));
        counts.put("payments", count(tables.payments(), tenant));
        counts.put("tickets", count(tables.tickets(), tenant));
        return counts;
    }

    private static long count(List<Map<String, Object>> rows, String tenant) {
        return rows.stream().filter(r -> tenant.equals(r.get("tenant"))).count();
    }

    private static Optional<Map<String, Object>> one(List<Map<String, Object>> rows, String tenant, String id) {
        return rows.stream().filter(r -> tenant.equals(r.get("tenant")) && id.equals(r.get("id"))).findFirst();
    }

    private static List<Map<String, Object>> newestFirst(List<Map<String, Object>> rows, String tenant,
                                                         Predicate<Map<String, Object>> matching, String dateField,
                                                         int limit) {
        return rows.stream().filter(r -> tenant.equals(r.get("tenant"))).filter(matching)
                .sorted(Comparator.comparing((Map<String, Object> r) -> String.valueOf(r.get(dateField)))
                        .thenComparing(r -> String.valueOf(r.get("id"))).reversed())
                .limit(limit).toList();
    }

    private static Map<String, Object> without(Map<String, Object> row, String... fields) {
        Map<String, Object> copy = new LinkedHashMap<>(row);
        for (String field : fields) {
            copy.remove(field);
        }
        return copy;
    }
}
