package dev.capplanner.contracts.events;

/**
 * A fact one stage reports to another that a third party must not be able to write: it carries its
 * producer's {@code seal} over everything else it says (see
 * {@link dev.capplanner.contracts.trust.FactSeals}). The report service stores one only when the seal
 * verifies, so the promotion gate counts nothing a Kafka client could have made up.
 */
public sealed interface SealedFact<F extends SealedFact<F>> extends RunEvent permits ShadowCompared, ActionsExecuted {

    /** The producer's seal, or {@code null} when it is not sealed. */
    String seal();

    /** The same fact with the given seal ({@code null}: unsealed, which is what the seal covers). */
    F withSeal(String seal);
}
