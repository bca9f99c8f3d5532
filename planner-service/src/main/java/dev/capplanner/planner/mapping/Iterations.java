package dev.capplanner.planner.mapping;

import dev.capplanner.contracts.events.ActionResult;
import dev.capplanner.contracts.events.ActionsExecuted;
import dev.capplanner.contracts.events.Candidate;
import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.Continuation;
import dev.capplanner.contracts.events.Observation;
import dev.capplanner.contracts.events.PlanProposed;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.trust.PlanSeals;
import dev.capplanner.eventbus.EventStamps.Stamp;
import dev.capplanner.planner.mode.PlanningDecision;
import dev.capplanner.planner.plan.Observed;
import dev.capplanner.planner.plan.PlanningRequest;
import java.util.ArrayList;
import java.util.List;

/** Between a turn's observed iteration (actions executed, with the plan it ran) and the next one. */
public final class Iterations {

    private Iterations() {
    }

    /** The evidence so far: the continuation's, then what this iteration's calls returned. */
    public static List<Observation> evidence(ActionsExecuted observed) {
        Continuation continuation = observed.continuing().continuation();
        List<Observation> evidence = new ArrayList<>(continuation.evidence());
        for (ActionResult result : observed.results()) {
            if (ActionResult.OK.equals(result.status()) && result.observed() != null) {
                evidence.add(new Observation(observed.run().iteration(), result.actionId(), result.tool(),
                        entityOf(result.tool(), continuation.candidates()), result.recordCount(), result.observed()));
            }
        }
        return evidence;
    }

    /** The same run, one iteration on. */
    public static RunContext next(RunContext run) {
        return run.nextIteration();
    }

    public static PlanningRequest request(Continuation continuation, RunContext run, List<Observation> evidence,
                                          boolean mayContinue) {
        return new PlanningRequest(continuation.question(), continuation.recentTurns(),
                PlanEvents.selection(continuation.currentSelection()), PlanEvents.routed(continuation.candidates()),
                PlanEvents.runFacts(run), evidence.stream().map(Iterations::observed).toList(), mayContinue,
                continuation.command());
    }

    /** The next iteration's plan, against the same snapshot, sealed; it continues again only if its plan does. */
    public static PlanProposed proposed(PlanProposed previous, RunContext run, PlanningDecision decision,
                                        List<Observation> evidence, PlanSeals seals, Stamp stamp) {
        Continuation was = previous.continuation();
        Continuation continuation = decision.toExecute().continues()
                ? new Continuation(was.question(), was.recentTurns(), was.currentSelection(), was.candidates(), evidence,
                        was.maxIterations(), was.command())
                : null;
        PlanProposed unsealed = new PlanProposed(PlanProposed.SCHEMA_VERSION, stamp.eventId(), stamp.occurredAt(), run,
                previous.mode(), previous.snapshot(), PlanEvents.plan(decision.toExecute()), null, null, continuation);
        return unsealed.withSeal(seals.seal(unsealed));
    }

    private static Observed observed(Observation observation) {
        return new Observed(observation.iteration(), observation.tool(), observation.entity(), observation.observed());
    }

    private static String entityOf(String tool, List<Candidate> candidates) {
        return Candidate.offered(candidates).filter(c -> c.name().equals(tool)).findFirst()
                .map(Capability::entity).orElse(null);
    }
}
