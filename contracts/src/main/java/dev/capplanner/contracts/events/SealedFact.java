package dev.capplanner.contracts.events;

/**
 * A fact one stage tells another that nobody else may write: it carries its producer's {@code seal}
 * over everything else it says (see {@link dev.capplanner.contracts.trust.FactSeals}). The planner
 * plans only routes the router sealed, and the report service stores only comparisons the planner
 * sealed and call counts the executor sealed, so what the promotion gate counts was observed by the
 * suite's own services, not written by whoever can publish to a topic.
 */
public sealed interface SealedFact<F extends SealedFact<F>> extends RunEvent permits RouteSelected, ShadowCompared, ActionsExecuted {

    /** The producer's seal, or {@code null} when it is not sealed. */
    String seal();

    /** The same fact with the given seal ({@code null}: unsealed, which is what the seal covers). */
    F withSeal(String seal);
}
