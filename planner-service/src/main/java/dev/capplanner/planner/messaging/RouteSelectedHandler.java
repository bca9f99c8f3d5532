package dev.capplanner.planner.messaging;

import dev.capplanner.contracts.Topics;
import dev.capplanner.contracts.events.RouteSelected;
import dev.capplanner.eventbus.StageRunner;
import dev.capplanner.planner.stage.PlanStage;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

/** route selected -> {@link PlanStage} -> plan proposed and, unless classic, shadow compared. */
@ApplicationScoped
public class RouteSelectedHandler {

    private final StageRunner runner;
    private final PlanStage stage;

    public RouteSelectedHandler(StageRunner runner, PlanStage stage) {
        this.runner = runner;
        this.stage = stage;
    }

    @Incoming(Topics.ROUTE_SELECTED)
    public Uni<Void> onRouteSelected(Message<String> record) {
        return runner.run(record, RouteSelected.class, stage);
    }
}
