package dev.capplanner.planner.messaging;

import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.events.PlanProposed;
import dev.capplanner.contracts.events.RouteSelected;
import dev.capplanner.contracts.events.ShadowCompared;
import dev.capplanner.eventbus.RunEventInbox;
import dev.capplanner.eventbus.RunEventOutbox;
import dev.capplanner.eventbus.RunEvents;
import dev.capplanner.planner.mode.IterationPlanner;
import dev.capplanner.planner.mode.PlannerMode;
import dev.capplanner.planner.mode.PlanningDecision;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

/** route selected -> plan proposed (what the executor runs) and, unless classic, shadow compared. */
@ApplicationScoped
public class PlanPublisher {

    private static final Logger LOG = Logger.getLogger(PlanPublisher.class);

    private final RunEventInbox inbox;
    private final RunEventOutbox outbox;
    private final MutinyEmitter<String> plans;
    private final MutinyEmitter<String> comparisons;
    private final IterationPlanner planner;
    private final PlannerMode mode;
    private final Clock clock = Clock.systemUTC();

    public PlanPublisher(RunEventInbox inbox, RunEventOutbox outbox,
                         @Channel("plan-proposed") MutinyEmitter<String> plans,
                         @Channel("shadow-compared") MutinyEmitter<String> comparisons,
                         IterationPlanner planner, PlannerMode mode) {
        this.inbox = inbox;
        this.outbox = outbox;
        this.plans = plans;
        this.comparisons = comparisons;
        this.planner = planner;
        this.mode = mode;
    }

    @Incoming("route-selected")
    public Uni<Void> onRouteSelected(Message<String> record) {
        return inbox.handle(record, EventType.ROUTE_SELECTED, RouteSelected.class, route -> {
            PlanningDecision decision = planner.decide(mode, route.question(), route.currentSelection(),
                    route.candidates(), route.grants());
            LOG.infof("plan_decided runId=%s mode=%s executes=%s agreement=%s fallback=%s", route.run().runId(),
                    mode.wireName(), decision.toExecute().planner(), decision.agreement(),
                    decision.fallbackReason() != null);
            PlanProposed proposed = new PlanProposed(PlanProposed.SCHEMA_VERSION, RunEvents.newEventId(),
                    RunEvents.now(clock), route.run(), mode.wireName(), route.snapshot(), route.grants(),
                    decision.toExecute(), decision.fallbackReason());
            Uni<Void> sendPlan = plans.sendMessage(outbox.message(proposed, record));
            if (!decision.compared()) {
                return sendPlan;
            }
            ShadowCompared comparison = new ShadowCompared(ShadowCompared.SCHEMA_VERSION, RunEvents.newEventId(),
                    RunEvents.now(clock), route.run(), mode.wireName(), route.question(), route.snapshot(),
                    route.candidates().stream().map(c -> c.capability().name()).toList(), decision.classic(),
                    decision.capability(), decision.agreement(), decision.capabilityLatencyMs(),
                    decision.fallbackReason());
            return Uni.combine().all().unis(sendPlan, comparisons.sendMessage(outbox.message(comparison, record)))
                    .discardItems();
        });
    }
}
