package dev.capplanner.contracts.events;

/**
 * A fact one stage tells another that nobody else may write: it carries its producer's {@code seal}
 * over everything else it says (see {@link dev.capplanner.contracts.trust.FactSeals}). The router
 * routes only snapshot events the snapshot service sealed, the planner plans only routes the router
 * sealed (and re-plans only from observations the executor sealed), and the report service stores
 * only comparisons the planner sealed and call counts the executor sealed: from the verified turn to
 * the promotion gate, nothing in between is taken from whoever can publish to a topic.
 */
public sealed interface SealedFact<F extends SealedFact<F>> extends RunEvent
        permits SnapshotBuilt, RouteSelected, ShadowCompared, ActionsExecuted {

    /** The producer's seal, or {@code null} when it is not sealed. */
    String seal();

    /** The same fact with the given seal ({@code null}: unsealed, which is what the seal covers). */
    F withSeal(String seal);
}
