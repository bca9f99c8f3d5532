package dev.capplanner.snapshot;

import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.events.SnapshotBuilt;
import dev.capplanner.contracts.events.TurnRequested;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.testing.events.TestSeals;
import dev.capplanner.testing.events.TurnFixtures;
import dev.capplanner.testing.kafka.KafkaTestClient;
import java.time.Duration;

/** A turn published as a chat backend would, and the snapshot the service built for it. */
final class SnapshotTurns {

    private SnapshotTurns() {
    }

    static SnapshotBuilt snapshotOf(KafkaTestClient kafka, String runId, String question) {
        TurnRequested turn = TurnFixtures.turn(runId, question);
        kafka.publish(EventType.TURN_REQUESTED.topic(), turn.run().conversationId(), TurnFixtures.json(turn),
                TurnFixtures.headers(turn, TurnFixtures.newTraceId()));
        var found = kafka.awaitExactly(EventType.SNAPSHOT_BUILT.topic(),
                r -> r.value().contains("\"runId\":\"" + runId + "\""), 1, Duration.ofSeconds(30));
        SnapshotBuilt built = RunEventJson.fromJson(found.get(0).value(), SnapshotBuilt.class);
        if (!TestSeals.SNAPSHOT_EVENT_SEALS.verify(built).valid()) {
            throw new AssertionError("the snapshot service published a snapshot event it did not seal: " + runId);
        }
        return built;
    }
}
