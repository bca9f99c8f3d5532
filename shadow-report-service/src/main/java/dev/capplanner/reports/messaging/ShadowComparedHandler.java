package dev.capplanner.reports.messaging;

import dev.capplanner.contracts.Topics;
import dev.capplanner.contracts.events.ShadowCompared;
import dev.capplanner.eventbus.StageRunner;
import dev.capplanner.reports.stage.ReportStage;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.KafkaRecordBatch;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * shadow compared -> {@link ReportStage} -> masked reports in PostgreSQL, a poll at a time (the
 * channel is in batch mode: {@code mp.messaging.incoming."capplanner.shadow.compared.v1".batch}).
 */
@ApplicationScoped
public class ShadowComparedHandler {

    private final StageRunner runner;
    private final ReportStage stage;

    public ShadowComparedHandler(StageRunner runner, ReportStage stage) {
        this.runner = runner;
        this.stage = stage;
    }

    @Incoming(Topics.SHADOW_COMPARED)
    public Uni<Void> onShadowCompared(KafkaRecordBatch<String, String> batch) {
        return runner.runBatch(batch, ShadowCompared.class, stage);
    }
}
