package dev.capplanner.contracts;

import dev.capplanner.contracts.events.ActionResult;
import dev.capplanner.contracts.events.ActionsExecuted;
import dev.capplanner.contracts.events.Candidate;
import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.CapabilityIndexEntry;
import dev.capplanner.contracts.events.Endpoint;
import dev.capplanner.contracts.events.Evidence;
import dev.capplanner.contracts.events.ExternalCalls;
import dev.capplanner.contracts.events.Plan;
import dev.capplanner.contracts.events.PlannerModes;
import dev.capplanner.contracts.events.PlanProposed;
import dev.capplanner.contracts.events.PlannedAction;
import dev.capplanner.contracts.events.Principal;
import dev.capplanner.contracts.events.PriorEvidence;
import dev.capplanner.contracts.events.RouteSelected;
import dev.capplanner.contracts.events.RouterReport;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.events.Selection;
import dev.capplanner.contracts.events.ShadowCompared;
import dev.capplanner.contracts.events.SnapshotBuilt;
import dev.capplanner.contracts.events.SnapshotRef;
import dev.capplanner.contracts.events.TurnCompleted;
import dev.capplanner.contracts.events.TurnCommands;
import dev.capplanner.contracts.events.TurnRequested;
import dev.capplanner.contracts.events.ValueSource;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One fully populated event of every type, with made-up values: the contract tests check them against
 * the schemas, and each service runs them through its own code once at start-up (its warm-up), so
 * that no real turn pays for loading and compiling that code.
 */
public final class SampleEvents {

    public static final Instant AT = Instant.parse("2026-11-30T09:15:00Z");
    public static final RunContext RUN = new RunContext("run-7f3a", "turn-1", 0, "acme", "support-desk",
            "conv-42",
            new Principal("u-17", List.of("support-agent")));
    public static final Capability CUSTOMERS_SEARCH = new Capability("customers.search", "api", "api:customers",
            "customer", "search", "Find customers by name", List.of("find customer"), true,
            new Endpoint("demo-api", "GET", "/customers"),
            Map.of("type", "object", "required", List.of("name"),
                    "properties", Map.of("name", Map.of("type", "string"))),
            "items");
    /** An MCP tool: called with tools/call by its name on the server's target. */
    public static final Capability TRACK_SHIPMENT = new Capability("track_shipment", "mcp",
            "mcp:shipping-desk/shipment", "shipment", "detail", "Where the parcel of one order is.", List.of(), true,
            Endpoint.mcpTool("shipping-desk", "track_shipment"),
            Map.of("type", "object", "required", List.of("orderId"),
                    "properties", Map.of("orderId", Map.of("type", "string"))), null);
    /** A look-alike of {@link #TRACK_SHIPMENT} from another source: the same operation on the same entity. */
    public static final Capability TRACK_PARCEL = new Capability("track_parcel", "mcp",
            "mcp:parcel-point/shipment", "shipment", "detail", "Tracks a parcel by its tracking number.", List.of(),
            true, Endpoint.mcpTool("parcel-point", "track_parcel"),
            Map.of("type", "object", "required", List.of("trackingNumber"),
                    "properties", Map.of("trackingNumber", Map.of("type", "string"))), null);
    public static final SnapshotRef SNAPSHOT = new SnapshotRef("sha256:" + "a".repeat(64), 1234, 1, "acme",
            "support-desk", "hmac-sha256:k2026-11:Xq3v9Yp0s2Lw8Jd5Nf7Rb1Tc4Hg6Km0Ua2We5Zo8Ai4");
    public static final Plan PLAN = Plan.actions(Plan.CAPABILITY, List.of(
            new PlannedAction("a1", "customers.search", Map.of("name", "Riccardo Lorini"), List.of()),
            new PlannedAction("a2", "orders.list", Map.of(), List.of("a1"),
                    Map.of("customerId", new ValueSource("a1", "items[].id")))));

    private SampleEvents() {
    }

    /** The sample of one event type. */
    public static <E extends RunEvent> E of(Class<E> type) {
        return all().stream().filter(type::isInstance).map(type::cast).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no sample event of type " + type.getSimpleName()));
    }

    public static List<RunEvent> all() {
        String question = "Find the customer named Riccardo Lorini";
        Selection selection = new Selection("customers.search", "customer", Map.of("id", "C-1001"));
        return List.of(
                new TurnRequested("v1", "e-1", AT, RUN, "Show the orders for Riccardo Lorini", List.of("hi"), selection,
                        List.of(new PriorEvidence("customers.search", 2)), TurnCommands.ALL),
                new SnapshotBuilt("v1", "e-2", AT, RUN, question, List.of(), null, SNAPSHOT,
                        List.of(CapabilityIndexEntry.of(CUSTOMERS_SEARCH)),
                        List.of(new PriorEvidence("customers.search", 2)), PlannerModes.CLASSIC, TurnCommands.ALL,
                        null),
                new RouteSelected("v1", "e-3", AT, RUN, question, List.of(), selection, SNAPSHOT,
                        List.of(new Candidate(CUSTOMERS_SEARCH, 2.5, "name: customer"),
                                new Candidate(TRACK_SHIPMENT, 0.8, "semantic similarity; look-alikes: track_parcel",
                                        List.of(TRACK_PARCEL))),
                        "deterministic", new RouterReport(1, List.of("mcp:orders"), "malformed model output: no tools list"),
                        PlannerModes.CLASSIC),
                new PlanProposed("v1", "e-4", AT, RUN, "shadow", SNAPSHOT, PLAN, null,
                        "hmac-sha256:p2026-11:Kq3v9Yp0s2Lw8Jd5Nf7Rb1Tc4Hg6Km0Ua2We5Zo8Ai4"),
                new ActionsExecuted("v1", "e-5", AT, RUN, List.of(new ActionResult("a1", "customers.search", "ok", 200, 2,
                        List.of("C-1001", "C-1002"), "items", null, 12L)), new ExternalCalls(Plan.CLASSIC, 1, 0)),
                new TurnCompleted("v1", "e-6", AT, RUN, "answered", "2 customers found", List.of(
                        new Evidence("customers.search", 2, List.of("C-1001", "C-1002"), "items",
                                Map.of("items", List.of(Map.of("id", "C-1001")))))),
                new ShadowCompared("v1", "e-7", AT, RUN, "shadow", question, SNAPSHOT, List.of("customers.search"),
                        Plan.lookup(Plan.CLASSIC, List.of(new PlannedAction("a1", "customers.search",
                                Map.of("name", "Riccardo Lorini"), List.of())), "orders.list"), PLAN, false, 3, null));
    }
}
