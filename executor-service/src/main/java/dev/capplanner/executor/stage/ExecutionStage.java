package dev.capplanner.executor.stage;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.Plan;
import dev.capplanner.contracts.events.PlanProposed;
import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.events.TurnCompleted;
import dev.capplanner.contracts.schema.RejectedEventException;
import dev.capplanner.contracts.trust.FactSeals;
import dev.capplanner.contracts.trust.PlanSeals;
import dev.capplanner.contracts.trust.SealKeyRing;
import dev.capplanner.contracts.trust.SnapshotServiceUnavailableException;
import dev.capplanner.contracts.trust.UntrustedSnapshotException;
import dev.capplanner.contracts.trust.VerifiedSnapshots;
import dev.capplanner.eventbus.EventStamps;
import dev.capplanner.eventbus.RunEventStage;
import dev.capplanner.eventbus.outage.Outages;
import dev.capplanner.eventbus.trust.SealKeys;
import dev.capplanner.executor.authorization.TroubleshootingLookup;
import dev.capplanner.executor.config.ExecutorConfig;
import dev.capplanner.executor.execution.ExecutionReport;
import dev.capplanner.executor.execution.PlanExecutor;
import dev.capplanner.executor.mapping.ExecutionEvents;
import dev.capplanner.executor.mapping.TurnDiagnostics;
import dev.capplanner.executor.request.ExecutionRequest;
import dev.capplanner.executor.telemetry.CallSpans;
import dev.capplanner.executor.telemetry.DenialAudit;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Named;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * A plan the planner sealed is run call by call behind the last-mile check, against the snapshot its
 * run was sealed with (fetched by hash and verified); an unsealed, altered or forged plan, or one
 * naming an untrusted snapshot, is rejected before any call; while the snapshot service cannot be
 * asked, the record waits and is tried again (never dead-lettered). The observation comes first, then the
 * completion; a plan with a continuation whose calls all answered completes nothing: its observation
 * goes back to the planner for the next iteration (a denial or failure still ends the turn). A help
 * plan completes with the snapshot's capabilities listed, a refused one with its read-only
 * alternative named: neither calls anything. A completion with a refused or failed call carries
 * redacted diagnostics while an operator has troubleshooting on for its user.
 */
@ApplicationScoped
public class ExecutionStage implements RunEventStage<PlanProposed> {

    private static final Logger LOG = Logger.getLogger(ExecutionStage.class);

    private final PlanExecutor executor;
    private final VerifiedSnapshots snapshots;
    private final PlanSeals planSeals;
    private final FactSeals observationSeals;
    private final DenialAudit denials;
    private final TroubleshootingLookup troubleshooting;
    private final Tracer tracer;
    private final Clock clock;
    private final Duration planMaxAge;

    public ExecutionStage(PlanExecutor executor, VerifiedSnapshots snapshots, PlanSeals planSeals,
                          @Named(SealKeys.OBSERVATIONS) FactSeals observationSeals, DenialAudit denials,
                          TroubleshootingLookup troubleshooting, Tracer tracer, Clock clock, ExecutorConfig config) {
        this.troubleshooting = troubleshooting;
        this.clock = clock;
        this.planMaxAge = config.planMaxAge();
        this.executor = executor;
        this.snapshots = snapshots;
        this.planSeals = planSeals;
        this.observationSeals = observationSeals;
        this.denials = denials;
        this.tracer = tracer;
    }

    @Override
    public Uni<List<RunEvent>> apply(PlanProposed plan, EventStamps stamps) {
        SealKeyRing.SealCheck planSeal = planSeals.verify(plan, clock.instant(), planMaxAge);
        if (!planSeal.valid()) {
            return Uni.createFrom().failure(new RejectedEventException("untrusted plan: " + planSeal.reason()));
        }
        if (Plan.OUTCOME_REFUSED.equals(plan.plan().outcome())) {
            LOG.infof("turn_executed runId=%s outcome=refused plannedBy=%s sent=0 denied=0", plan.run().runId(),
                    plan.plan().planner());
            return Uni.createFrom().item(ExecutionEvents.refused(plan, observationSeals, stamps.next(),
                    stamps.next()));
        }
        CallSpans calls = new CallSpans(tracer, Context.current());
        return Outages.waitOut(Uni.createFrom().completionStage(() -> snapshots.forRun(plan.run(), plan.snapshot())),
                        SnapshotServiceUnavailableException.class::isInstance, LOG, "snapshot_service_unavailable",
                        plan.run().runId())
                .onFailure(UntrustedSnapshotException.class)
                .transform(untrusted -> new RejectedEventException("untrusted plan: " + untrusted.getMessage()))
                .chain(snapshot -> Plan.OUTCOME_HELP.equals(plan.plan().outcome())
                        ? Uni.createFrom().item(ExecutionEvents.help(plan, snapshot.capabilities(), observationSeals,
                                stamps.next(), stamps.next()))
                        : execute(plan, snapshot.capabilities(), calls, stamps));
    }

    private Uni<List<RunEvent>> execute(PlanProposed plan, List<Capability> snapshot, CallSpans calls,
                                        EventStamps stamps) {
        ExecutionRequest request = ExecutionEvents.request(plan, snapshot);
        return Uni.createFrom().completionStage(() -> executor.execute(request, calls))
                .chain(report -> {
                    denials.record(plan.run(), report);
                    LOG.infof("turn_executed runId=%s outcome=%s plannedBy=%s sent=%d denied=%d", plan.run().runId(),
                            report.outcome().wireName(), plan.plan().planner(), report.sentCalls(), report.deniedCalls());
                    if (plan.continues() && report.outcome().answers()) {
                        // One iteration of several: the planner plans the next from this observation.
                        return Uni.createFrom().item(List.<RunEvent>of(
                                ExecutionEvents.observed(plan, report, observationSeals, stamps.next())));
                    }
                    RunEvent observed = ExecutionEvents.observed(plan, report, observationSeals, stamps.next());
                    TurnCompleted completed = ExecutionEvents.completed(plan, report, stamps.next());
                    return diagnosed(request, report, completed).map(done -> List.of(observed, done));
                });
    }

    /** With diagnostics when the turn has something to diagnose and troubleshooting is on for its user. */
    private Uni<RunEvent> diagnosed(ExecutionRequest request, ExecutionReport report, TurnCompleted completed) {
        if (!TurnDiagnostics.worthAsking(report)) {
            return Uni.createFrom().item(completed);
        }
        return Uni.createFrom().completionStage(() -> troubleshooting.isOn(request.run(), request.principal()))
                .map(on -> on ? completed.withDiagnostics(TurnDiagnostics.of(report)) : completed);
    }
}
