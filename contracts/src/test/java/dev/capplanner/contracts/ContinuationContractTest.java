package dev.capplanner.contracts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.capplanner.contracts.events.ActionResult;
import dev.capplanner.contracts.events.ActionsExecuted;
import dev.capplanner.contracts.events.Continuation;
import dev.capplanner.contracts.events.Observation;
import dev.capplanner.contracts.events.Plan;
import dev.capplanner.contracts.events.PlanProposed;
import dev.capplanner.contracts.events.PlannedAction;
import dev.capplanner.contracts.events.Principal;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.SnapshotRef;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.contracts.schema.EventSchemas;
import dev.capplanner.contracts.schema.RunEventDecoder;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A plan that continues, and the observation that carries it back, are valid v1 events and round-trip. */
class ContinuationContractTest {

    private final RunEventDecoder decoder = new RunEventDecoder(new EventSchemas());
    private final RunContext run = new RunContext("r-1", "t-1", 0, "acme", "support-desk", "c-1",
            new Principal("u-17", List.of("support-agent")));
    private final PlanProposed continuing = new PlanProposed("v1", "e-1", Instant.parse("2026-12-01T10:00:00Z"), run,
            "capability", new SnapshotRef("sha256:" + "a".repeat(64), 10, 2, "acme", "support-desk",
                    "hmac-sha256:k1:" + "A".repeat(43)),
            Plan.actions("capability", List.of(new PlannedAction("a1", "mcp:shipping-desk/lookup_customer",
                    Map.of("email", "anna.conti@example.com"), List.of()))), null, "hmac-sha256:k1:" + "B".repeat(43),
            new Continuation("Open tickets of the customer with e-mail anna.conti@example.com", List.of(), null, List.of(),
                    List.of(new Observation(0, "a1", "mcp:x/y", "customer", 1, Map.of("id", List.of("C-1005")))), 3));

    @Test
    void aContinuingPlanAndItsObservationValidateAndRoundTrip() {
        String plan = RunEventJson.toJson(continuing);
        assertThat(decoder.decode(plan, EventType.PLAN_PROPOSED, PlanProposed.class)).isEqualTo(continuing);
        ActionsExecuted observed = new ActionsExecuted("v1", "e-2", Instant.parse("2026-12-01T10:00:01Z"), run,
                List.of(new ActionResult("a1", "mcp:shipping-desk/lookup_customer", "ok", null, 1, List.of("C-1005"),
                        null, null, 12L, null, Map.of("id", List.of("C-1005")))), null, continuing);
        assertThat(decoder.decode(RunEventJson.toJson(observed), EventType.ACTIONS_EXECUTED, ActionsExecuted.class))
                .isEqualTo(observed);
    }

    @Test
    void anObservedValueOtherThanAListOfStringsIsRefused() {
        String forged = RunEventJson.toJson(new ActionsExecuted("v1", "e-3", Instant.now(), run,
                List.of(new ActionResult("a1", "t", "ok", null, 1, List.of(), null, null, 1L, null,
                        Map.of("id", List.of("C-1005")))), null))
                .replace("\"observed\":{\"id\":[\"C-1005\"]}", "\"observed\":{\"id\":{\"nested\":true}}");
        assertThatThrownBy(() -> decoder.decode(forged, EventType.ACTIONS_EXECUTED, ActionsExecuted.class))
                .hasMessageContaining("schema violation");
    }
}
