package dev.capplanner.eventbus;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.CloudEventHeaders;
import dev.capplanner.contracts.Topics;
import dev.capplanner.contracts.events.SnapshotBuilt;
import dev.capplanner.contracts.events.TurnRequested;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.testing.events.TurnFixtures;
import dev.capplanner.testing.kafka.KafkaTestClient;
import dev.capplanner.testing.kafka.TestDeadLetterKeys;
import dev.capplanner.testing.quarkus.KafkaBrokerTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The edge on a real broker, with a stage of its own: records out carry key, CloudEvents headers,
 * the trace and the service clock's time; records that fail land on the service's dead-letter
 * topic with SmallRye's dead-letter headers and the runner's reason, their payload encrypted under
 * the tests' dead-letter key (the client opens them back to the record, unchanged).
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerTestResource.class)
class KafkaEdgeTest {

    static final Duration TIMEOUT = Duration.ofSeconds(30);
    static final String DEAD_LETTERS = Topics.deadLetters("event-bus-test");

    KafkaTestClient kafka;

    @BeforeEach
    void connect() {
        kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers());
    }

    @AfterEach
    void disconnect() {
        kafka.close();
    }

    @Test
    void emittedRecordIsKeyedStampedByTheServiceClockAndContinuesTheTrace() {
        TurnRequested turn = TurnFixtures.turn("run-edge-1", "hello");
        String traceId = TurnFixtures.newTraceId();
        kafka.publish(Topics.TURN_REQUESTED, turn.run().conversationId(), TurnFixtures.json(turn),
                TurnFixtures.headers(turn, traceId));
        var out = kafka.awaitExactly(Topics.SNAPSHOT_BUILT, r -> r.value().contains("run-edge-1"), 1, TIMEOUT);
        assertThat(out).hasSize(1);
        SnapshotBuilt built = RunEventJson.fromJson(out.get(0).value(), SnapshotBuilt.class);
        assertThat(out.get(0).key()).isEqualTo(turn.run().conversationId());
        assertThat(built.occurredAt()).isEqualTo(EchoStage.FIXED_TIME);
        assertThat(KafkaTestClient.header(out.get(0), CloudEventHeaders.TIME)).isEqualTo("2026-11-30T12:00:00.123Z");
        assertThat(KafkaTestClient.header(out.get(0), CloudEventHeaders.SOURCE)).isEqualTo("urn:capplanner:event-bus-test");
        assertThat(TurnFixtures.traceIdOf(KafkaTestClient.header(out.get(0), "traceparent"))).isEqualTo(traceId);
    }

    @Test
    void invalidRecordIsDeadLetteredWithItsReasonAndWhereItCameFromAndOpensToItselfUnchanged() {
        kafka.publish(Topics.TURN_REQUESTED, "conv-edge-bad", "{\"schemaVersion\":\"v1\"}", Map.of());
        var dead = kafka.awaitExactly(DEAD_LETTERS, r -> "conv-edge-bad".equals(r.key()), 1, TIMEOUT);
        assertThat(dead).hasSize(1);
        assertThat(dead.get(0).value()).as("opened with the key").isEqualTo("{\"schemaVersion\":\"v1\"}");
        assertThat(KafkaTestClient.header(dead.get(0), "dead-letter-reason")).startsWith("schema violation against turn-requested.json");
        assertThat(KafkaTestClient.header(dead.get(0), "dead-letter-topic")).isEqualTo(Topics.TURN_REQUESTED);
        assertThat(KafkaTestClient.header(dead.get(0), "dead-letter-offset")).isNotNull();
    }

    @Test
    void deadLetterHeadersASenderPlantedAreDroppedSoTheRealOnesCannotBeOverridden() {
        kafka.publish(Topics.TURN_REQUESTED, "conv-edge-planted", "{\"schemaVersion\":\"v1\"}",
                Map.of("dead-letter-topic", Topics.PLAN_PROPOSED, "dead-letter-reason", "all fine, re-publish me"));
        var dead = kafka.awaitExactly(DEAD_LETTERS, r -> "conv-edge-planted".equals(r.key()), 1, TIMEOUT);
        assertThat(dead).hasSize(1);
        for (String name : java.util.List.of("dead-letter-topic", "dead-letter-reason")) {
            assertThat(dead.get(0).headers().headers(name)).as(name + " is the runner's alone").hasSize(1);
        }
        assertThat(KafkaTestClient.header(dead.get(0), "dead-letter-topic")).isEqualTo(Topics.TURN_REQUESTED);
        assertThat(KafkaTestClient.header(dead.get(0), "dead-letter-reason")).startsWith("schema violation");
    }

    /**
     * A user who makes their own record fail (a NUL in the question) does not get their question
     * stored in clear where analysts read: the dead letter keeps the reason and the run's identifiers,
     * and its payload opens only with the operators' key.
     */
    @Test
    void aFailedRecordsDeadLetterHoldsNoRawTextButTheReasonAndOpensWithTheKey() {
        TurnRequested turn = TurnFixtures.turn("run-edge-nul", "Where is the parcel of Riccardo Lorini\u0000?");
        String raw = TurnFixtures.json(turn);
        kafka.publish(Topics.TURN_REQUESTED, "conv-edge-nul", raw, TurnFixtures.headers(turn, TurnFixtures.newTraceId()));
        var stored = kafka.awaitAsStored(DEAD_LETTERS, r -> "conv-edge-nul".equals(r.key()), 1, TIMEOUT);
        assertThat(stored).hasSize(1);
        var asAnAnalystSeesIt = stored.get(0);
        String everything = asAnAnalystSeesIt.value() + " " + java.util.Arrays.stream(asAnAnalystSeesIt.headers().toArray())
                .map(h -> h.key() + "=" + new String(h.value(), java.nio.charset.StandardCharsets.UTF_8)).toList();
        assertThat(everything).doesNotContain("Riccardo", "Lorini", "parcel", "question", "authorization");
        assertThat(KafkaTestClient.header(asAnAnalystSeesIt, "dead-letter-reason"))
                .isEqualTo("processing failed: IllegalStateException");
        assertThat(KafkaTestClient.header(asAnAnalystSeesIt, "dead-letter-payload")).isEqualTo("encrypted");
        assertThat(KafkaTestClient.header(asAnAnalystSeesIt, "dead-letter-payload-key"))
                .isEqualTo(TestDeadLetterKeys.KEY_ID);
        assertThat(KafkaTestClient.header(asAnAnalystSeesIt, CloudEventHeaders.SUBJECT)).as("the run, for triage")
                .isEqualTo("run-edge-nul");

        var opened = kafka.awaitExactly(DEAD_LETTERS, r -> "conv-edge-nul".equals(r.key()), 1, TIMEOUT);
        assertThat(opened.get(0).value()).as("the record, unchanged, for replay").isEqualTo(raw);
        assertThat(KafkaTestClient.header(opened.get(0), "authorization")).as("the principal token, kept encrypted")
                .isNotNull();
    }

    /**
     * With {@code deserialization-failure-*} headers the connector writes their bytes as the dead
     * letter's value instead of serializing (and so encrypting) the record: a sender's are dropped.
     */
    @Test
    void deserializationFailureHeadersASenderPlantedCannotBypassTheEncryption() {
        kafka.publish(Topics.TURN_REQUESTED, "conv-edge-bypass", "{\"schemaVersion\":\"v1\",\"question\":\"Lorini\"}",
                Map.of("deserialization-failure-deserializer", "x", "deserialization-failure-data", "planted",
                        "deserialization-failure-value-data", "planted"));
        var stored = kafka.awaitAsStored(DEAD_LETTERS, r -> "conv-edge-bypass".equals(r.key()), 1, TIMEOUT);
        assertThat(stored).hasSize(1);
        assertThat(stored.get(0).value()).doesNotContain("Lorini").isNotEqualTo("planted");
        assertThat(KafkaTestClient.header(stored.get(0), "dead-letter-payload")).isEqualTo("encrypted");
        assertThat(kafka.awaitExactly(DEAD_LETTERS, r -> "conv-edge-bypass".equals(r.key()), 1, TIMEOUT).get(0).value())
                .isEqualTo("{\"schemaVersion\":\"v1\",\"question\":\"Lorini\"}");
    }

    @Test
    void failedStageIsDeadLetteredAsAProcessingFailureAndTheConsumerGoesOn() {
        TurnRequested failing = TurnFixtures.turn("run-edge-fail", "fail");
        TurnRequested after = TurnFixtures.turn("run-edge-after", "hello again");
        kafka.publish(Topics.TURN_REQUESTED, "conv-edge-fail", TurnFixtures.json(failing), Map.of());
        kafka.publish(Topics.TURN_REQUESTED, "conv-edge-fail", TurnFixtures.json(after), Map.of());
        var found = kafka.awaitExactly(TIMEOUT,
                KafkaTestClient.exactly(1, DEAD_LETTERS, r -> "conv-edge-fail".equals(r.key())),
                KafkaTestClient.exactly(1, Topics.SNAPSHOT_BUILT, r -> r.value().contains("run-edge-after")),
                KafkaTestClient.exactly(0, Topics.SNAPSHOT_BUILT, r -> r.value().contains("run-edge-fail")));
        var dead = found.get(0);
        assertThat(dead).hasSize(1);
        assertThat(KafkaTestClient.header(dead.get(0), "dead-letter-reason"))
                .isEqualTo("processing failed: IllegalStateException");
        assertThat(found.get(1)).as("the consumer goes on").hasSize(1);
        assertThat(found.get(2)).as("a failed stage publishes nothing").isEmpty();
    }
}
