package dev.capplanner.snapshot.messaging;

import dev.capplanner.contracts.Topics;
import dev.capplanner.contracts.events.TurnRequested;
import dev.capplanner.eventbus.StageRunner;
import dev.capplanner.snapshot.stage.SnapshotStage;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

/** turn requested -> {@link SnapshotStage} -> snapshot built. */
@ApplicationScoped
public class TurnRequestedHandler {

    private final StageRunner runner;
    private final SnapshotStage stage;

    public TurnRequestedHandler(StageRunner runner, SnapshotStage stage) {
        this.runner = runner;
        this.stage = stage;
    }

    @Incoming(Topics.TURN_REQUESTED)
    public Uni<Void> onTurnRequested(Message<String> record) {
        return runner.run(record, TurnRequested.class, stage);
    }
}
