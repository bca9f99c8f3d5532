package dev.capplanner.testing.events;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.Endpoint;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.SnapshotRef;
import dev.capplanner.contracts.json.CanonicalJson;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Capabilities shaped like the demo API's, for tests of one service. */
public final class CapabilityFixtures {

    private CapabilityFixtures() {
    }

    /** A read-only GET capability whose required string parameters follow the path's placeholders; an empty pattern means any string of two or more characters. */
    public static Capability capability(String name, String entity, String operation, String description, String path,
                                        Map<String, String> parameterPatterns, List<String> aliases) {
        Map<String, Object> properties = new LinkedHashMap<>();
        parameterPatterns.forEach((parameter, pattern) -> properties.put(parameter,
                pattern.isEmpty() ? Map.of("type", "string", "minLength", 2) : Map.of("type", "string", "pattern", pattern)));
        Map<String, Object> schema = Map.of("type", "object", "additionalProperties", false,
                "required", List.copyOf(parameterPatterns.keySet()), "properties", properties);
        String family = "api:" + name.substring(0, name.indexOf('.'));
        return new Capability(name, "api", family, entity, operation, description, aliases, true,
                new Endpoint("demo-api", "GET", path), schema, operation.equals("detail") ? null : "items");
    }

    public static List<Capability> demo() {
        return List.of(
                capability("customers.detail", "customer", "detail", "Get one customer's profile by customer id.",
                        "/customers/{customerId}", Map.of("customerId", "^C-[0-9]{4}$"), List.of("customer profile")),
                capability("customers.search", "customer", "search", "Find customers by full or partial name.",
                        "/customers", Map.of("name", ""), List.of("find customer", "look up client")),
                capability("orders.detail", "order", "detail", "Get one order with its lines, status and total by order id.",
                        "/orders/{orderId}", Map.of("orderId", "^O-[0-9]{4}$"), List.of("order status", "order details")),
                capability("orders.list", "order", "list", "List the orders of one customer, newest first.",
                        "/customers/{customerId}/orders", Map.of("customerId", "^C-[0-9]{4}$"),
                        List.of("customer orders", "order history")));
    }

    /** The canonical body the snapshot service stores and serves for these capabilities. */
    public static byte[] snapshotBody(List<Capability> capabilities) {
        return CanonicalJson.bytes(Map.of("tenantId", TurnFixtures.TENANT, "projectId", TurnFixtures.PROJECT,
                "capabilities", capabilities));
    }

    /** A reference to that body, sealed for the run with the tests' key. */
    public static SnapshotRef snapshotRef(RunContext run, List<Capability> capabilities) {
        byte[] canonical = snapshotBody(capabilities);
        String hash = CanonicalJson.sha256(canonical);
        return new SnapshotRef(hash, canonical.length, capabilities.size(), TurnFixtures.TENANT, TurnFixtures.PROJECT,
                TestSeals.SEALS.seal(run, hash));
    }
}
