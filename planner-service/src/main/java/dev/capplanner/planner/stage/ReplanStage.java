package dev.capplanner.planner.stage;

import dev.capplanner.contracts.events.ActionsExecuted;
import dev.capplanner.contracts.events.Continuation;
import dev.capplanner.contracts.events.Observation;
import dev.capplanner.contracts.events.PlanProposed;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.schema.RejectedEventException;
import dev.capplanner.contracts.trust.FactSeals;
import dev.capplanner.contracts.trust.PlanSeals;
import dev.capplanner.contracts.trust.SealKeyRing;
import dev.capplanner.eventbus.EventStamps;
import dev.capplanner.eventbus.RunEventStage;
import dev.capplanner.eventbus.trust.SealKeys;
import dev.capplanner.planner.config.PlannerConfig;
import dev.capplanner.planner.mapping.Iterations;
import dev.capplanner.planner.mapping.PlanEvents;
import dev.capplanner.planner.mode.PlannerMode;
import dev.capplanner.planner.mode.PlanningDecision;
import dev.capplanner.planner.mode.RuntimeModePlanner;
import dev.capplanner.planner.plan.PlannerKind;
import dev.capplanner.planner.plan.ToolPlan;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Named;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * An iteration's observation comes back (rule "re-plan from observations"): when the plan it ran has
 * a continuation, and the seal this planner put on both verifies, the next iteration is planned from
 * the same question and candidates and everything observed so far, and proposed to the executor; at
 * the iteration cap the turn ends insufficient. Only an observation the executor sealed is read, and
 * only a continuation sealed within {@code planner.continuation-max-age}. An observation of a plan that ended its turn needs
 * nothing; a continuation not sealed by this planner is dead-lettered (nobody else may steer a turn).
 */
@ApplicationScoped
public class ReplanStage implements RunEventStage<ActionsExecuted> {

    private static final Logger LOG = Logger.getLogger(ReplanStage.class);

    private final RuntimeModePlanner planner;
    private final PlanSeals seals;
    private final FactSeals observationSeals;
    private final Clock clock;
    private final Duration continuationMaxAge;

    public ReplanStage(RuntimeModePlanner planner, PlanSeals seals, @Named(SealKeys.OBSERVATIONS) FactSeals observationSeals,
                       Clock clock, PlannerConfig config) {
        this.planner = planner;
        this.seals = seals;
        this.observationSeals = observationSeals;
        this.clock = clock;
        this.continuationMaxAge = config.continuationMaxAge();
    }

    /**
     * The next iteration is planned from what the observation says was returned: only an observation
     * the executor sealed is read at all.
     */
    @Override
    public Optional<String> refusal(ActionsExecuted observed) {
        return observationSeals.refusal(observed);
    }

    @Override
    public Uni<List<RunEvent>> apply(ActionsExecuted observed, EventStamps stamps) {
        PlanProposed previous = observed.continuing();
        if (previous == null) {
            return Uni.createFrom().item(List.of());
        }
        SealKeyRing.SealCheck seal = seals.verify(previous, clock.instant(), continuationMaxAge);
        if (!seal.valid() || !previous.run().equals(observed.run()) || previous.continuation() == null) {
            return Uni.createFrom().failure(new RejectedEventException("untrusted continuation: "
                    + (seal.valid() ? "the plan it echoes is not this run's iteration" : seal.reason())));
        }
        return Uni.createFrom().item(() -> replan(observed, previous, stamps))
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    private List<RunEvent> replan(ActionsExecuted observed, PlanProposed previous, EventStamps stamps) {
        Continuation continuation = previous.continuation();
        RunContext run = Iterations.next(observed.run());
        List<Observation> evidence = Iterations.evidence(observed);
        PlanningDecision decision = run.iteration() < continuation.maxIterations()
                ? planner.next(Iterations.request(continuation, run, evidence,
                        run.iteration() + 1 < continuation.maxIterations()), PlanEvents.inShadow(continuation.candidates()))
                : capped(continuation.maxIterations());
        LOG.infof("plan_replanned runId=%s iteration=%d evidence=%d continues=%s outcome=%s", run.runId(),
                run.iteration(), evidence.size(), decision.toExecute().continues(),
                decision.toExecute() instanceof ToolPlan.Insufficient ? "insufficient" : "actions");
        return List.of(Iterations.proposed(previous, run, decision, evidence, seals, stamps.next()));
    }

    private static PlanningDecision capped(int maxIterations) {
        ToolPlan insufficient = ToolPlan.insufficient(PlannerKind.CAPABILITY,
                "the turn needed more than " + maxIterations + " iterations (planner.max-iterations)");
        return new PlanningDecision(PlannerMode.CAPABILITY, insufficient, null, insufficient, false, 0, null, 0, null);
    }
}
