package dev.capplanner.reports.messaging;

import dev.capplanner.contracts.Topics;
import dev.capplanner.contracts.events.ActionsExecuted;
import dev.capplanner.eventbus.StageRunner;
import dev.capplanner.reports.stage.CallCountStage;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

/** actions executed -> {@link CallCountStage} -> the iteration's call counts beside its report. */
@ApplicationScoped
public class ActionsExecutedHandler {

    private final StageRunner runner;
    private final CallCountStage stage;

    public ActionsExecutedHandler(StageRunner runner, CallCountStage stage) {
        this.runner = runner;
        this.stage = stage;
    }

    @Incoming(Topics.ACTIONS_EXECUTED)
    public Uni<Void> onActionsExecuted(Message<String> record) {
        return runner.run(record, ActionsExecuted.class, stage);
    }
}
