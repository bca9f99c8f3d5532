package dev.capplanner.reports.messaging;

import dev.capplanner.contracts.Topics;
import dev.capplanner.contracts.events.ShadowCompared;
import dev.capplanner.eventbus.StageRunner;
import dev.capplanner.reports.stage.ReportStage;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

/** shadow compared -> {@link ReportStage} -> a masked report in PostgreSQL. */
@ApplicationScoped
public class ShadowComparedHandler {

    private final StageRunner runner;
    private final ReportStage stage;

    public ShadowComparedHandler(StageRunner runner, ReportStage stage) {
        this.runner = runner;
        this.stage = stage;
    }

    @Incoming(Topics.SHADOW_COMPARED)
    public Uni<Void> onShadowCompared(Message<String> record) {
        return runner.run(record, ShadowCompared.class, stage);
    }
}
