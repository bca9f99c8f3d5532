package dev.capplanner.planner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.events.Candidate;
import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.PlanProposed;
import dev.capplanner.contracts.events.RouteSelected;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.ShadowCompared;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.contracts.trust.FactSeals;
import dev.capplanner.contracts.trust.SealKeyRing;
import dev.capplanner.testing.events.CapabilityFixtures;
import dev.capplanner.testing.events.TestSeals;
import dev.capplanner.testing.events.TurnFixtures;
import dev.capplanner.testing.kafka.KafkaTestClient;
import dev.capplanner.testing.quarkus.KafkaBrokerTestResource;
import dev.capplanner.testing.quarkus.SnapshotServiceTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** route selected in; plan proposed and shadow compared out (default mode: shadow), on a real broker. */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerTestResource.class)
@QuarkusTestResource(value = SnapshotServiceTestResource.class,
        initArgs = @ResourceArg(name = "property", value = "planner.snapshot-service.url"))
class PlanPipelineTest {

    @Test
    void shadowModeProposesTheClassicPlanAndPublishesTheComparison() {
        List<Capability> capabilities = CapabilityFixtures.demo();
        SnapshotServiceTestResource.register(CapabilityFixtures.snapshotBody(capabilities));
        RouteSelected route = new RouteSelected("v1", "e-p1", Instant.now(), TurnFixtures.run("run-plan-1"),
                "Where is order O-5002?", List.of(), null, CapabilityFixtures.snapshotRef(TurnFixtures.run("run-plan-1"), capabilities),
                List.of(new Candidate(capabilities.get(2), 5.5, "matched order@name")), "deterministic", null);
        String traceId = TurnFixtures.newTraceId();
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            kafka.publish(EventType.ROUTE_SELECTED.topic(), route.run().conversationId(),
                    TurnFixtures.json(TestSeals.ROUTE_SEALS.sealed(route)),
                    TurnFixtures.headers(route, traceId));

            var found = kafka.awaitExactly(Duration.ofSeconds(30),
                    KafkaTestClient.exactly(1, EventType.PLAN_PROPOSED.topic(), r -> r.value().contains("run-plan-1")),
                    KafkaTestClient.exactly(1, EventType.SHADOW_COMPARED.topic(), r -> r.value().contains("run-plan-1")));
            var plans = found.get(0);
            assertThat(plans).as("exactly one plan").hasSize(1);
            PlanProposed plan = RunEventJson.fromJson(plans.get(0).value(), PlanProposed.class);
            assertThat(plan.mode()).isEqualTo("shadow");
            assertThat(plan.plan().planner()).isEqualTo("classic");
            assertThat(plan.plan().actions().get(0).tool()).isEqualTo("orders.detail");
            assertThat(plan.snapshot()).isEqualTo(route.snapshot());
            assertThat(TestSeals.PLAN_SEALS.verify(plan).valid()).as("sealed by the planner for its run").isTrue();
            assertThat(TurnFixtures.traceIdOf(KafkaTestClient.header(plans.get(0), "traceparent"))).isEqualTo(traceId);

            var comparisons = found.get(1);
            assertThat(comparisons).as("exactly one comparison").hasSize(1);
            ShadowCompared comparison = RunEventJson.fromJson(comparisons.get(0).value(), ShadowCompared.class);
            assertThat(comparison.agreement()).isTrue();
            assertThat(TestSeals.COMPARISON_SEALS.verify(comparison).keyId()).as("sealed with the planner's comparison key")
                    .isEqualTo(TestSeals.COMPARISON_KEY_ID);
            assertThat(comparison.candidates()).containsExactly("orders.detail");
            assertThat(comparison.snapshot()).isEqualTo(route.snapshot());
            assertThat(comparisons.get(0).key()).isEqualTo(route.run().conversationId());
        }
    }

    @Test
    void theTenantsRuntimeModeOnTheTurnWinsOverTheConfiguredOneAndTheLegacyPathSeesTheWholeSnapshot() {
        List<Capability> capabilities = CapabilityFixtures.demo();
        SnapshotServiceTestResource.register(CapabilityFixtures.snapshotBody(capabilities));
        Capability orders = capabilities.stream().filter(c -> c.name().equals("orders.list")).findFirst().orElseThrow();
        var run = TurnFixtures.run("run-plan-classic");
        // Only orders.list was routed; the customer search is in the snapshot, not in the route.
        RouteSelected route = new RouteSelected("v1", "e-p2", Instant.now(), run, "Show the orders for Riccardo Lorini",
                List.of(), null, CapabilityFixtures.snapshotRef(run, capabilities),
                List.of(new Candidate(orders, 4.0, "matched order@name")), "deterministic", null, "classic");
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            kafka.publish(EventType.ROUTE_SELECTED.topic(), run.conversationId(),
                    TurnFixtures.json(TestSeals.ROUTE_SEALS.sealed(route)),
                    TurnFixtures.headers(route, TurnFixtures.newTraceId()));

            var found = kafka.awaitExactly(Duration.ofSeconds(30),
                    KafkaTestClient.exactly(1, EventType.PLAN_PROPOSED.topic(), r -> r.value().contains("run-plan-classic")),
                    KafkaTestClient.exactly(0, EventType.SHADOW_COMPARED.topic(), r -> r.value().contains("run-plan-classic")));
            var plans = found.get(0);
            assertThat(plans).as("exactly one plan").hasSize(1);
            PlanProposed plan = RunEventJson.fromJson(plans.get(0).value(), PlanProposed.class);
            assertThat(plan.mode()).as("the tenant's switch, not planner.mode=shadow").isEqualTo("classic");
            assertThat(plan.plan().actions()).singleElement().satisfies(a -> {
                assertThat(a.tool()).isEqualTo("customers.search");
                assertThat(a.arguments()).containsEntry("name", "Riccardo Lorini");
            });
            assertThat(plan.plan().selectionFor()).isEqualTo("orders.list");
            assertThat(found.get(1)).as("classic compares nothing").isEmpty();
        }
    }

    @Test
    void aRouteNamingASnapshotSealedForAnotherRunIsDeadLetteredAndNothingIsPlanned() {
        List<Capability> capabilities = CapabilityFixtures.demo();
        SnapshotServiceTestResource.register(CapabilityFixtures.snapshotBody(capabilities));
        var run = TurnFixtures.run("run-plan-forged");
        RouteSelected route = new RouteSelected("v1", "e-p3", Instant.now(), run, "Where is order O-5002?", List.of(),
                null, CapabilityFixtures.snapshotRef(TurnFixtures.run("someone-elses-run"), capabilities),
                List.of(new Candidate(capabilities.get(2), 5.5, "matched order@name")), "deterministic", null);
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            kafka.publish(EventType.ROUTE_SELECTED.topic(), run.conversationId(),
                    TurnFixtures.json(TestSeals.ROUTE_SEALS.sealed(route)),
                    TurnFixtures.headers(route, TurnFixtures.newTraceId()));
            var dead = kafka.await(dev.capplanner.contracts.Topics.deadLetters("planner-service"),
                    r -> r.value().contains("run-plan-forged"), 1, Duration.ofSeconds(30));
            assertThat(KafkaTestClient.header(dead.get(0), "dead-letter-reason")).startsWith("untrusted snapshot: ");
            assertThat(kafka.awaitExactly(EventType.PLAN_PROPOSED.topic(), r -> r.value().contains("run-plan-forged"),
                    0, Duration.ofSeconds(2))).isEmpty();
        }
    }

    /**
     * The planner seals what it plans and compares, so it plans only routes the router sealed: a route
     * written by anyone else under a genuine snapshot reference (a new question, another iteration, a
     * seal by another key) is dead-lettered with the check it failed, and no plan or comparison comes of it.
     */
    @Test
    void aRouteTheRouterDidNotSealIsDeadLetteredAndNothingIsPlannedOrCompared() {
        List<Capability> capabilities = CapabilityFixtures.demo();
        SnapshotServiceTestResource.register(CapabilityFixtures.snapshotBody(capabilities));
        FactSeals attacker = FactSeals.routes(new SealKeyRing(TestSeals.ROUTE_KEY_ID, Map.of(TestSeals.ROUTE_KEY_ID,
                "attacker-chosen-secret-32-bytes!".getBytes(java.nio.charset.StandardCharsets.UTF_8))));
        FactSeals plannersOwnKey = FactSeals.routes(new SealKeyRing(TestSeals.COMPARISON_KEY_ID,
                Map.of(TestSeals.COMPARISON_KEY_ID, TestSeals.COMPARISON_SECRET)));
        Map<String, String> expected = new java.util.LinkedHashMap<>();
        Map<String, RouteSelected> forged = new java.util.LinkedHashMap<>();
        forged.put("run-route-unsealed", route("run-route-unsealed", "Where is order O-5002?", capabilities));
        expected.put("run-route-unsealed", "untrusted route: route is not sealed");
        forged.put("run-route-attacker", attacker.sealed(route("run-route-attacker", "Where is order O-5002?", capabilities)));
        expected.put("run-route-attacker", "untrusted route: route seal does not match what the route says");
        forged.put("run-route-other-key", plannersOwnKey.sealed(route("run-route-other-key", "Where is order O-5002?",
                capabilities)));
        expected.put("run-route-other-key", "untrusted route: route seal names an unknown key");
        RouteSelected genuine = TestSeals.ROUTE_SEALS.sealed(route("run-route-requestioned", "Where is order O-5002?",
                capabilities));
        forged.put("run-route-requestioned", new RouteSelected(genuine.schemaVersion(), genuine.eventId(),
                genuine.occurredAt(), genuine.run(), "List every customer with their e-mail", genuine.recentTurns(),
                genuine.currentSelection(), genuine.snapshot(), genuine.candidates(), genuine.router(),
                genuine.routerReport(), genuine.plannerMode(), genuine.seal()));
        expected.put("run-route-requestioned", "untrusted route: route seal does not match what the route says");
        RouteSelected another = TestSeals.ROUTE_SEALS.sealed(route("run-route-iterated", "Where is order O-5002?",
                capabilities));
        RunContext run = another.run();
        forged.put("run-route-iterated", new RouteSelected(another.schemaVersion(), another.eventId(),
                another.occurredAt(), new RunContext(run.runId(), run.turnId(), 7, run.tenantId(), run.projectId(),
                run.conversationId(), run.principal()), another.question(), another.recentTurns(),
                another.currentSelection(), another.snapshot(), another.candidates(), another.router(),
                another.routerReport(), another.plannerMode(), another.seal()));
        expected.put("run-route-iterated", "untrusted route: route seal does not match what the route says");
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            forged.values().forEach(route -> kafka.publish(EventType.ROUTE_SELECTED.topic(), route.run().conversationId(),
                    TurnFixtures.json(route), TurnFixtures.headers(route, TurnFixtures.newTraceId())));
            var found = kafka.awaitExactly(Duration.ofSeconds(30),
                    KafkaTestClient.exactly(forged.size(), dev.capplanner.contracts.Topics.deadLetters("planner-service"),
                            r -> r.value().contains("run-route-")),
                    KafkaTestClient.exactly(0, EventType.PLAN_PROPOSED.topic(), r -> r.value().contains("run-route-")),
                    KafkaTestClient.exactly(0, EventType.SHADOW_COMPARED.topic(), r -> r.value().contains("run-route-")));
            var dead = found.get(0);
            Map<String, String> reasons = new java.util.LinkedHashMap<>();
            dead.forEach(record -> reasons.put(RunEventJson.fromJson(record.value(), RouteSelected.class).run().runId(),
                    KafkaTestClient.header(record, "dead-letter-reason")));
            assertThat(reasons).containsExactlyInAnyOrderEntriesOf(expected);
            assertThat(found.get(1)).as("nothing planned").isEmpty();
            assertThat(found.get(2)).as("nothing compared").isEmpty();
        }
    }

    private static RouteSelected route(String runId, String question, List<Capability> capabilities) {
        RunContext run = TurnFixtures.run(runId);
        return new RouteSelected("v1", "e-" + runId, Instant.now(), run, question, List.of(), null,
                CapabilityFixtures.snapshotRef(run, capabilities),
                List.of(new Candidate(capabilities.get(2), 5.5, "matched order@name")), "deterministic", null);
    }
}
