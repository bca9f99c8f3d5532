package dev.capplanner.testing.events;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.CapabilityIndexEntry;
import dev.capplanner.contracts.events.SnapshotBuilt;
import dev.capplanner.contracts.events.Endpoint;
import dev.capplanner.contracts.events.InputSource;
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

    /**
     * The demo API's four reads, with the output paths and relationships its OpenAPI import declares
     * (customers.search feeds customerId from {@code items[].id}, orders.list feeds orderId, and an
     * order's detail declares its {@code customerId}).
     */
    public static List<Capability> demo() {
        return List.of(
                declared(capability("customers.detail", "customer", "detail", "Get one customer's profile by customer id.",
                        "/customers/{customerId}", Map.of("customerId", "^C-[0-9]{4}$"), List.of("customer profile")),
                        List.of("id"), List.of(new InputSource("customerId", "customers.search", "items[].id"))),
                declared(capability("customers.search", "customer", "search", "Find customers by full or partial name.",
                        "/customers", Map.of("name", ""), List.of("find customer", "look up client")),
                        List.of("items[].id"), List.of()),
                declared(capability("orders.detail", "order", "detail", "Get one order with its lines, status and total by order id.",
                        "/orders/{orderId}", Map.of("orderId", "^O-[0-9]{4}$"), List.of("order status", "order details")),
                        List.of("id", "customerId"), List.of(new InputSource("orderId", "orders.list", "items[].id"))),
                declared(capability("orders.list", "order", "list", "List the orders of one customer, newest first.",
                        "/customers/{customerId}/orders", Map.of("customerId", "^C-[0-9]{4}$"),
                        List.of("customer orders", "order history")),
                        List.of("items[].id"), List.of(new InputSource("customerId", "customers.search", "items[].id"))));
    }

    /** The capability with the output paths and relationships its source declares. */
    public static Capability declared(Capability capability, List<String> outputPaths, List<InputSource> inputsFrom) {
        return new Capability(capability.name(), capability.kind(), capability.family(), capability.entity(),
                capability.operation(), capability.description(), capability.aliases(), capability.readOnly(),
                capability.endpoint(), capability.inputSchema(), capability.outputCollectionPath(), outputPaths,
                inputsFrom);
    }

    private static final List<String> ENTITIES = List.of("customer", "order", "invoice", "shipment", "ticket", "product",
            "payment", "refund", "warehouse", "supplier", "contract", "subscription");
    private static final List<String> OPERATIONS = List.of("search", "list", "detail", "aggregate");

    /**
     * A large catalog of distinct read-only capabilities: every service (family) offers each of the
     * 48 entity and operation pairs once, with descriptions of a realistic length; deterministic.
     */
    public static List<Capability> synthetic(int count) {
        List<Capability> capabilities = new java.util.ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String entity = ENTITIES.get(i % ENTITIES.size());
            String operation = OPERATIONS.get((i / ENTITIES.size()) % OPERATIONS.size());
            String service = "svc" + (i / (ENTITIES.size() * OPERATIONS.size()));
            String name = service + "." + entity + "s." + operation;
            String description = operation + " " + entity + " records of service " + service + " by id or filter,"
                    + " with status, owner, region and the time of the last change. Paginated; newest first.";
            String idParameter = entity + "Id";
            Map<String, Object> schema = Map.of("type", "object", "additionalProperties", false,
                    "required", operation.equals("detail") ? List.of(idParameter) : List.of(),
                    "properties", Map.of(idParameter, Map.of("type", "string", "description", "The " + entity + " id"),
                            "limit", Map.of("type", "integer", "minimum", 1, "maximum", 100)));
            capabilities.add(new Capability(name, "api", "api:" + service, entity, operation, description,
                    List.of(entity + " " + operation + " in " + service), true,
                    new Endpoint(service, "GET", "/" + entity + "s"), schema,
                    operation.equals("detail") ? null : "items"));
        }
        return capabilities;
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

    /** The snapshot service's event for a turn of that run: sealed reference and compact index. */
    public static SnapshotBuilt snapshotBuilt(String runId, String question, List<Capability> capabilities) {
        RunContext run = TurnFixtures.run(runId);
        return new SnapshotBuilt("v1", "e-" + runId, java.time.Instant.now(), run, question, List.of(), null,
                snapshotRef(run, capabilities), capabilities.stream().map(CapabilityIndexEntry::of).toList());
    }
}
