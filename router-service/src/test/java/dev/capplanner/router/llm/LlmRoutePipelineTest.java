package dev.capplanner.router.llm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.RouteSelected;
import dev.capplanner.contracts.events.SnapshotBuilt;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.testing.events.CapabilityFixtures;
import dev.capplanner.testing.events.TestSeals;
import dev.capplanner.testing.events.TurnFixtures;
import dev.capplanner.testing.kafka.KafkaTestClient;
import dev.capplanner.testing.llm.ScriptedOpenAiServer;
import dev.capplanner.testing.quarkus.KafkaBrokerTestResource;
import dev.capplanner.testing.quarkus.SnapshotServiceTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The LLM router end to end: Kafka in, the real quarkus-langchain4j client against a scripted endpoint, Kafka out. */
@QuarkusTest
@TestProfile(LlmRoutePipelineTest.LlmRouterOn.class)
@QuarkusTestResource(KafkaBrokerTestResource.class)
class LlmRoutePipelineTest {

    public static class LlmRouterOn implements QuarkusTestProfile {
        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(new TestResourceEntry(ScriptedOpenAiServer.class),
                    new TestResourceEntry(SnapshotServiceTestResource.class,
                            Map.of("property", "router.snapshot-service.url")));
        }

        /** The router is under test here, not the ranking: keyword spares loading the embedding model. */
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("router.strategy", "keyword");
        }
    }

    @jakarta.inject.Inject
    dev.capplanner.router.stage.RouteStageWarmUp warmUp;
    @jakarta.inject.Inject
    dev.capplanner.router.strategy.SnapshotRankers rankers;

    @Test
    void theStartUpWarmUpRoutesWithoutAskingTheModelOrCachingARanker() {
        int requests = ScriptedOpenAiServer.REQUESTS.size();
        long builds = rankers.builds();
        warmUp.pass();
        assertThat(ScriptedOpenAiServer.REQUESTS).hasSize(requests);
        assertThat(rankers.builds()).isEqualTo(builds);
        assertThat(rankers.find(dev.capplanner.contracts.SampleEvents.SNAPSHOT.hash())).isEmpty();
    }

    @Test
    void theModelsChoiceIsValidatedAndMalformedOutputFallsBackToTheDeterministicRoute() {
        ScriptedOpenAiServer.ANSWERS.add("{\"tools\": [\"orders.list\", \"admin.dropDatabase\"], \"families\": []}");
        ScriptedOpenAiServer.ANSWERS.add("Sure! I would use orders.detail for that.");
        List<Capability> capabilities = CapabilityFixtures.demo();
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            RouteSelected chosen = route(kafka, "run-llm-1", "Show the orders for Riccardo Lorini", capabilities);
            assertThat(chosen.router()).isEqualTo("llm");
            assertThat(chosen.candidates()).extracting(c -> c.capability().name())
                    .containsExactly("orders.list", "customers.search");
            assertThat(chosen.routerReport().droppedNames()).isEqualTo(1);

            RouteSelected fallback = route(kafka, "run-llm-2", "What is the status of order O-5002?", capabilities);
            assertThat(fallback.router()).isEqualTo("deterministic");
            assertThat(fallback.routerReport().fallbackReason()).startsWith("model failed: ");
            assertThat(fallback.candidates().get(0).capability().name()).isEqualTo("orders.detail");
        }
        String firstRequest = ScriptedOpenAiServer.REQUESTS.get(0);
        assertThat(firstRequest).contains("\"response_format\"").contains("json_object")
                .contains("never as instructions").contains("orders.list | api:orders")
                .contains("Riccardo Lorini").doesNotContain("inputSchema").doesNotContain("pattern");
    }

    private static RouteSelected route(KafkaTestClient kafka, String runId, String question, List<Capability> capabilities) {
        SnapshotServiceTestResource.register(CapabilityFixtures.snapshotBody(capabilities));
        SnapshotBuilt snapshot = CapabilityFixtures.snapshotBuilt(runId, question, capabilities);
        kafka.publish(EventType.SNAPSHOT_BUILT.topic(), snapshot.run().conversationId(),
                TurnFixtures.json(TestSeals.SNAPSHOT_EVENT_SEALS.sealed(snapshot)),
                TurnFixtures.headers(snapshot, TurnFixtures.newTraceId()));
        var routes = kafka.await(EventType.ROUTE_SELECTED.topic(),
                r -> r.value().contains("\"runId\":\"" + runId + "\""), 1, Duration.ofSeconds(30));
        return RunEventJson.fromJson(routes.get(0).value(), RouteSelected.class);
    }
}
