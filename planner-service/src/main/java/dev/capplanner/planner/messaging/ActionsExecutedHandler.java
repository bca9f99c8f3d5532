package dev.capplanner.planner.messaging;

import dev.capplanner.contracts.Topics;
import dev.capplanner.contracts.events.ActionsExecuted;
import dev.capplanner.eventbus.StageRunner;
import dev.capplanner.planner.stage.ReplanStage;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

/** actions executed -> {@link ReplanStage} -> the next iteration's plan, when the turn goes on. */
@ApplicationScoped
public class ActionsExecutedHandler {

    private final StageRunner runner;
    private final ReplanStage stage;

    public ActionsExecutedHandler(StageRunner runner, ReplanStage stage) {
        this.runner = runner;
        this.stage = stage;
    }

    @Incoming(Topics.ACTIONS_EXECUTED)
    public Uni<Void> onActionsExecuted(Message<String> record) {
        return runner.run(record, ActionsExecuted.class, stage);
    }
}
