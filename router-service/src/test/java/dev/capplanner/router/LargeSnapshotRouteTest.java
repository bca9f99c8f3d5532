package dev.capplanner.router;

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
import dev.capplanner.testing.quarkus.KafkaBrokerTestResource;
import dev.capplanner.testing.quarkus.SnapshotServiceTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A snapshot of 10,000 capabilities flows through a real broker with its default 1 MB record limit:
 * the event carries the sealed hash and the compact index (compressed on the wire), the router fetches
 * the definitions by hash, and the route it emits is small. Keyword ranking keeps the test quick;
 * what is tested is the flow, not the ranking.
 */
@QuarkusTest
@TestProfile(LargeSnapshotRouteTest.KeywordRanking.class)
@QuarkusTestResource(KafkaBrokerTestResource.class)
@QuarkusTestResource(value = SnapshotServiceTestResource.class,
        initArgs = @ResourceArg(name = "property", value = "router.snapshot-service.url"))
class LargeSnapshotRouteTest {

    static final int ONE_MEGABYTE = 1024 * 1024;

    public static class KeywordRanking implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("router.strategy", "keyword");
        }
    }

    @Test
    void aTenThousandCapabilitySnapshotIsRoutedFromItsIndexAndHash() {
        List<Capability> catalog = CapabilityFixtures.synthetic(10_000);
        SnapshotServiceTestResource.register(CapabilityFixtures.snapshotBody(catalog));
        SnapshotBuilt snapshot = RoutePipelineTest.snapshotBuilt("run-route-10k",
                "list the refund records of service svc73", catalog);
        String event = TurnFixtures.json(TestSeals.SNAPSHOT_EVENT_SEALS.sealed(snapshot));
        assertThat(event.length()).as("uncompressed, the index alone passes the broker's record limit")
                .isGreaterThan(ONE_MEGABYTE);
        assertThat(snapshot.snapshot().sizeBytes()).as("the definitions, fetched by hash, are larger still")
                .isGreaterThan(event.length());

        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            kafka.publish(EventType.SNAPSHOT_BUILT.topic(), snapshot.run().conversationId(), event,
                    TurnFixtures.headers(snapshot, TurnFixtures.newTraceId()));
            var routes = kafka.awaitExactly(EventType.ROUTE_SELECTED.topic(),
                    r -> r.value().contains("\"runId\":\"run-route-10k\""), 1, Duration.ofSeconds(60));
            assertThat(routes).hasSize(1);
            RouteSelected route = RunEventJson.fromJson(routes.get(0).value(), RouteSelected.class);
            assertThat(route.candidates()).hasSizeBetween(1, 8);
            assertThat(route.candidates().get(0).capability().name()).isEqualTo("svc73.refunds.list");
            assertThat(route.snapshot().capabilityCount()).isEqualTo(10_000);
            assertThat(routes.get(0).value().length()).as("only the candidates travel on").isLessThan(64 * 1024);
        }
    }
}
