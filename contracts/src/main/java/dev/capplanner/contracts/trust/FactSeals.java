package dev.capplanner.contracts.trust;

import dev.capplanner.contracts.events.SealedFact;
import dev.capplanner.contracts.json.CanonicalJson;
import dev.capplanner.contracts.json.RunEventJson;
import java.util.List;
import java.util.Optional;

/**
 * Seals over a whole fact, every field but the seal itself, made by the one service that produces
 * facts of its kind: the snapshot service seals its snapshot events ({@link #snapshotEvents}, with the
 * keys of its snapshot seals, under another domain), the router its routes ({@link #routes}), the planner its comparisons
 * ({@link #comparisons}), the executor its observations with their call counts ({@link #observations}).
 * Each kind has its own keys and its own domain, so no producer can vouch for another's facts, one
 * kind's seal never passes for another's, and a service that only verifies can vouch for nothing.
 */
public final class FactSeals {

    private final String subject;
    private final String domain;
    private final SealKeyRing keys;

    private FactSeals(String subject, String domain, SealKeyRing keys) {
        this.subject = subject;
        this.domain = domain;
        this.keys = keys;
    }

    /**
     * Seals of {@code snapshot.built}: the snapshot service seals, the router verifies, both with the
     * keys they hold for snapshot references ({@code capplanner.seal.*}); the domain keeps the two apart.
     */
    public static FactSeals snapshotEvents(SealKeyRing keys) {
        return new FactSeals("snapshot event", "capplanner-snapshot-event-seal-v1", keys);
    }

    /** Seals of {@code route.selected}: the router seals, the planner verifies. */
    public static FactSeals routes(SealKeyRing keys) {
        return new FactSeals("route", "capplanner-route-seal-v1", keys);
    }

    /** Seals of {@code shadow.compared}: the planner seals, the report service verifies. */
    public static FactSeals comparisons(SealKeyRing keys) {
        return new FactSeals("comparison", "capplanner-comparison-seal-v1", keys);
    }

    /** Seals of {@code actions.executed}: the executor seals, the report service verifies. */
    public static FactSeals observations(SealKeyRing keys) {
        return new FactSeals("observation", "capplanner-observation-seal-v1", keys);
    }

    public SealKeyRing keys() {
        return keys;
    }

    /** The fact with its seal; whatever seal it carried is replaced. */
    public <F extends SealedFact<F>> F sealed(F fact) {
        return fact.withSeal(keys.seal(sealedText(fact)));
    }

    /** Whether the fact's seal was made over exactly what it says now, with one of these keys. */
    public SealKeyRing.SealCheck verify(SealedFact<?> fact) {
        return keys.check(subject, fact.seal(), sealedText(fact), "what the " + subject + " says");
    }

    /** Why a consumer must not act on the fact ({@code untrusted <subject>: <check>}), or empty when its seal verifies. */
    public Optional<String> refusal(SealedFact<?> fact) {
        SealKeyRing.SealCheck seal = verify(fact);
        return seal.valid() ? Optional.empty() : Optional.of("untrusted " + subject + ": " + seal.reason());
    }

    private byte[] sealedText(SealedFact<?> fact) {
        return CanonicalJson.bytes(List.of(domain, fact.withSeal(null)), RunEventJson.mapper());
    }
}
