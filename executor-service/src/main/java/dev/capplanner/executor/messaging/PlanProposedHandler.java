package dev.capplanner.executor.messaging;

import dev.capplanner.contracts.Topics;
import dev.capplanner.contracts.events.PlanProposed;
import dev.capplanner.eventbus.StageRunner;
import dev.capplanner.executor.stage.ExecutionStage;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

/** plan proposed -> {@link ExecutionStage} -> actions executed and turn completed. */
@ApplicationScoped
public class PlanProposedHandler {

    private final StageRunner runner;
    private final ExecutionStage stage;

    public PlanProposedHandler(StageRunner runner, ExecutionStage stage) {
        this.runner = runner;
        this.stage = stage;
    }

    @Incoming(Topics.PLAN_PROPOSED)
    public Uni<Void> onPlanProposed(Message<String> record) {
        return runner.run(record, PlanProposed.class, stage);
    }
}
