package dev.capplanner.demo.mcp;

import dev.capplanner.demo.data.DemoData;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The shipping desk's view of an order: carrier, parcel status and tracking events of its shipment
 * (the same rows the REST API serves), or why there is no parcel yet. Read-only.
 */
final class Shipments {

    private final DemoData data;

    Shipments(DemoData data) {
        this.data = data;
    }

    /** The parcel of a tenant's order; another tenant's order does not exist for it. */
    Optional<Map<String, Object>> tracking(String tenant, String orderId) {
        return data.order(tenant, orderId).map(order -> {
            Optional<Map<String, Object>> shipment = data.shipmentsOf(tenant, orderId).stream().findFirst()
                    .flatMap(s -> data.shipment(tenant, String.valueOf(s.get("id"))));
            Map<String, Object> tracking = new LinkedHashMap<>();
            tracking.put("orderId", orderId);
            tracking.put("carrier", shipment.map(s -> s.get("carrier")).orElse("not assigned"));
            tracking.put("parcelStatus", shipment.map(s -> s.get("status"))
                    .orElse(order.get("status").equals("cancelled") ? "not shipped (order cancelled)" : "label created"));
            tracking.put("events", shipment.map(s -> s.get("events")).orElse(List.of()));
            return tracking;
        });
    }
}
