package dev.capplanner.router.messaging;

import dev.capplanner.contracts.Topics;
import dev.capplanner.contracts.events.SnapshotBuilt;
import dev.capplanner.eventbus.StageRunner;
import dev.capplanner.router.stage.RouteStage;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

/** snapshot built -> {@link RouteStage} -> route selected. */
@ApplicationScoped
public class SnapshotBuiltHandler {

    private final StageRunner runner;
    private final RouteStage stage;

    public SnapshotBuiltHandler(StageRunner runner, RouteStage stage) {
        this.runner = runner;
        this.stage = stage;
    }

    @Incoming(Topics.SNAPSHOT_BUILT)
    public Uni<Void> onSnapshotBuilt(Message<String> record) {
        return runner.run(record, SnapshotBuilt.class, stage);
    }
}
