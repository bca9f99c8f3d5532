package dev.capplanner.demo.data;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The sample system's data, read once from {@code demo-data.json}; read-only. Every row belongs to a
 * tenant, and every question is asked for one tenant: another tenant's rows do not exist for it.
 */
public final class DemoData {

    private final List<Map<String, Object>> customers;
    private final List<Map<String, Object>> orders;

    @SuppressWarnings("unchecked")
    public DemoData() {
        try (InputStream in = DemoData.class.getClassLoader().getResourceAsStream("demo-data.json")) {
            Map<String, Object> data = new ObjectMapper().readValue(in, Map.class);
            customers = List.copyOf((List<Map<String, Object>>) data.get("customers"));
            orders = List.copyOf((List<Map<String, Object>>) data.get("orders"));
        } catch (IOException e) {
            throw new UncheckedIOException("demo data missing", e);
        }
    }

    /** Case-insensitive substring match on the name; every match of the tenant, in id order. */
    public List<Map<String, Object>> customersNamed(String tenant, String name) {
        String needle = name.toLowerCase(Locale.ROOT).trim();
        return customers.stream()
                .filter(c -> tenant.equals(c.get("tenant")))
                .filter(c -> String.valueOf(c.get("name")).toLowerCase(Locale.ROOT).contains(needle))
                .toList();
    }

    public Optional<Map<String, Object>> customer(String tenant, String id) {
        return customers.stream().filter(c -> tenant.equals(c.get("tenant")) && id.equals(c.get("id"))).findFirst();
    }

    /** A customer's orders, newest first, without their lines (the list view). */
    public List<Map<String, Object>> ordersOf(String tenant, String customerId) {
        return orders.stream()
                .filter(o -> tenant.equals(o.get("tenant")) && customerId.equals(o.get("customerId")))
                .sorted(Comparator.comparing((Map<String, Object> o) -> String.valueOf(o.get("date"))).reversed())
                .map(o -> Map.of("id", o.get("id"), "date", o.get("date"), "status", o.get("status"),
                        "total", o.get("total"), "currency", o.get("currency")))
                .toList();
    }

    public Optional<Map<String, Object>> order(String tenant, String id) {
        return orders.stream().filter(o -> tenant.equals(o.get("tenant")) && id.equals(o.get("id"))).findFirst();
    }
}
