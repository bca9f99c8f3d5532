package dev.capplanner.executor.stage;

import dev.capplanner.contracts.events.PlanProposed;
import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.eventbus.EventStamps;
import dev.capplanner.eventbus.RunEventStage;
import dev.capplanner.executor.execution.PlanExecutor;
import dev.capplanner.executor.mapping.ExecutionEvents;
import dev.capplanner.executor.trust.VerifiedSnapshots;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * A plan is run call by call behind the last-mile check, against the snapshot its run was sealed
 * with (fetched by hash and verified; an untrusted plan is rejected before any call); the
 * observation comes first, then the completion.
 */
@ApplicationScoped
public class ExecutionStage implements RunEventStage<PlanProposed> {

    private static final Logger LOG = Logger.getLogger(ExecutionStage.class);

    private final PlanExecutor executor;
    private final VerifiedSnapshots snapshots;

    public ExecutionStage(PlanExecutor executor, VerifiedSnapshots snapshots) {
        this.executor = executor;
        this.snapshots = snapshots;
    }

    @Override
    public Uni<List<RunEvent>> apply(PlanProposed plan, EventStamps stamps) {
        return Uni.createFrom().completionStage(() -> snapshots.capabilities(plan.run(), plan.snapshot()))
                .chain(capabilities -> Uni.createFrom().completionStage(() ->
                        executor.execute(ExecutionEvents.request(plan, capabilities))))
                .map(report -> {
                    LOG.infof("turn_executed runId=%s outcome=%s calls=%d", plan.run().runId(),
                            report.outcome().wireName(), report.results().size());
                    return List.of(ExecutionEvents.observed(plan, report, stamps.next()),
                            ExecutionEvents.completed(plan, report, stamps.next()));
                });
    }
}
