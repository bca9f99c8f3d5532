package dev.capplanner.executor.messaging;

import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.events.ActionsExecuted;
import dev.capplanner.contracts.events.PlanProposed;
import dev.capplanner.contracts.events.TurnCompleted;
import dev.capplanner.eventbus.RunEventInbox;
import dev.capplanner.eventbus.RunEventOutbox;
import dev.capplanner.eventbus.RunEvents;
import dev.capplanner.executor.execution.PlanExecutor;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

/** plan proposed -> actions executed (the observation) and turn completed (for the chat backend). */
@ApplicationScoped
public class ExecutionPublisher {

    private static final Logger LOG = Logger.getLogger(ExecutionPublisher.class);

    private final RunEventInbox inbox;
    private final RunEventOutbox outbox;
    private final MutinyEmitter<String> observations;
    private final MutinyEmitter<String> completions;
    private final PlanExecutor executor;
    private final Clock clock = Clock.systemUTC();

    public ExecutionPublisher(RunEventInbox inbox, RunEventOutbox outbox,
                              @Channel("actions-executed") MutinyEmitter<String> observations,
                              @Channel("turn-completed") MutinyEmitter<String> completions, PlanExecutor executor) {
        this.inbox = inbox;
        this.outbox = outbox;
        this.observations = observations;
        this.completions = completions;
        this.executor = executor;
    }

    @Incoming("plan-proposed")
    public Uni<Void> onPlanProposed(Message<String> record) {
        return inbox.handle(record, EventType.PLAN_PROPOSED, PlanProposed.class, plan ->
                Uni.createFrom().completionStage(() -> executor.execute(plan)).chain(report -> {
                    LOG.infof("turn_executed runId=%s outcome=%s calls=%d", plan.run().runId(), report.outcome(),
                            report.results().size());
                    ActionsExecuted observation = new ActionsExecuted(ActionsExecuted.SCHEMA_VERSION,
                            RunEvents.newEventId(), RunEvents.now(clock), plan.run(), report.results());
                    TurnCompleted completed = new TurnCompleted(TurnCompleted.SCHEMA_VERSION, RunEvents.newEventId(),
                            RunEvents.now(clock), plan.run(), report.outcome(), report.summary(), report.evidence());
                    return observations.sendMessage(outbox.message(observation, record))
                            .chain(() -> completions.sendMessage(outbox.message(completed, record)));
                }));
    }
}
