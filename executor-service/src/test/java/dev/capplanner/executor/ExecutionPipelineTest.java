package dev.capplanner.executor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.events.ActionsExecuted;
import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.Plan;
import dev.capplanner.contracts.events.PlanProposed;
import dev.capplanner.contracts.events.PlannedAction;
import dev.capplanner.contracts.events.TurnCompleted;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.testing.events.CapabilityFixtures;
import dev.capplanner.testing.events.TurnFixtures;
import dev.capplanner.testing.kafka.KafkaTestClient;
import dev.capplanner.testing.quarkus.KafkaBrokerTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** plan proposed in; actions executed and turn completed out, on a real broker, calling a loopback target. */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerTestResource.class)
@QuarkusTestResource(DemoTargetTestResource.class)
class ExecutionPipelineTest {

    @Test
    void plannedReadIsCalledAndTheTurnCompletesWithEvidence() {
        TurnCompleted completed = runPlan("run-exec-1", "orders.detail");
        assertThat(completed.outcome()).isEqualTo("answered");
        assertThat(completed.evidence()).singleElement().satisfies(e -> assertThat(e.identifiers()).containsExactly("O-5002"));
        assertThat(DemoTargetTestResource.REQUESTS).contains("GET /orders/O-5002");
    }

    @Test
    void toolOutsideTheSnapshotIsDeniedWithoutAnyCall() {
        int before = DemoTargetTestResource.REQUESTS.size();
        TurnCompleted completed = runPlan("run-exec-2", "orders.cancel");
        assertThat(completed.outcome()).isEqualTo("denied");
        assertThat(completed.summary()).contains("not in the run's snapshot");
        assertThat(DemoTargetTestResource.REQUESTS).hasSize(before);
    }

    private TurnCompleted runPlan(String runId, String tool) {
        List<Capability> demo = CapabilityFixtures.demo();
        PlanProposed plan = new PlanProposed("v1", "e-" + runId, Instant.now(), TurnFixtures.run(runId), "shadow",
                CapabilityFixtures.snapshotRef(demo), demo.stream().map(Capability::grant).toList(),
                Plan.actions("classic", List.of(new PlannedAction("a1", tool, Map.of("orderId", "O-5002"), List.of()))),
                null);
        String traceId = TurnFixtures.newTraceId();
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            kafka.publish(EventType.PLAN_PROPOSED.topic(), plan.run().conversationId(), TurnFixtures.json(plan),
                    TurnFixtures.headers(plan, traceId));
            String runMarker = "\"runId\":\"" + runId + "\"";
            var observations = kafka.awaitExactly(EventType.ACTIONS_EXECUTED.topic(), r -> r.value().contains(runMarker), 1,
                    Duration.ofSeconds(30));
            assertThat(observations).hasSize(1);
            assertThat(RunEventJson.fromJson(observations.get(0).value(), ActionsExecuted.class).results()).hasSize(1);
            var completions = kafka.awaitExactly(EventType.TURN_COMPLETED.topic(), r -> r.value().contains(runMarker), 1,
                    Duration.ofSeconds(30));
            assertThat(completions).hasSize(1);
            assertThat(completions.get(0).key()).isEqualTo(plan.run().conversationId());
            assertThat(TurnFixtures.traceIdOf(KafkaTestClient.header(completions.get(0), "traceparent"))).isEqualTo(traceId);
            return RunEventJson.fromJson(completions.get(0).value(), TurnCompleted.class);
        }
    }
}
