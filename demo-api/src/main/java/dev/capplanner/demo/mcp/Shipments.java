package dev.capplanner.demo.mcp;

import dev.capplanner.demo.data.DemoData;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The shipping desk's view of an order: carrier, parcel status and tracking events, derived from the
 * order's date and status (the demo has no separate shipping data). Read-only.
 */
final class Shipments {

    private final DemoData data;

    Shipments(DemoData data) {
        this.data = data;
    }

    /** The parcel of a tenant's order; another tenant's order does not exist for it. */
    Optional<Map<String, Object>> tracking(String tenant, String orderId) {
        return data.order(tenant, orderId).map(order -> {
            LocalDate ordered = LocalDate.parse(String.valueOf(order.get("date")));
            String status = String.valueOf(order.get("status"));
            List<Map<String, Object>> events = new ArrayList<>();
            if (!status.equals("cancelled") && !status.equals("processing")) {
                events.add(event(ordered.plusDays(1), "Milano hub", "picked up"));
                events.add(event(ordered.plusDays(2), "Bologna sorting centre", "in transit"));
            }
            if (status.equals("delivered")) {
                events.add(event(ordered.plusDays(4), "recipient's address", "delivered"));
            }
            Map<String, Object> shipment = new LinkedHashMap<>();
            shipment.put("orderId", orderId);
            shipment.put("carrier", "Poste Delivery Business");
            shipment.put("parcelStatus", parcelStatus(status));
            shipment.put("events", events);
            return shipment;
        });
    }

    private static String parcelStatus(String orderStatus) {
        switch (orderStatus) {
            case "delivered":
                return "delivered";
            case "shipped":
                return "in transit";
            case "cancelled":
                return "not shipped (order cancelled)";
            default:
                return "label created";
        }
    }

    private static Map<String, Object> event(LocalDate day, String location, String status) {
        return Map.of("date", day.toString(), "location", location, "status", status);
    }
}
