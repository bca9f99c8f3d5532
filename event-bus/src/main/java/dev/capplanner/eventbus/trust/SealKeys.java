package dev.capplanner.eventbus.trust;

import dev.capplanner.contracts.trust.FactSeals;
import dev.capplanner.contracts.trust.PlanSeals;
import dev.capplanner.contracts.trust.SealKeyRing;
import dev.capplanner.contracts.trust.SnapshotSeals;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Seal keys from configuration (Kubernetes Secrets in production), one ring per seal kind:
 * {@code capplanner.seal.*} for snapshots (the snapshot service seals, the router and the executor verify) and
 * {@code capplanner.plan-seal.*} for plans (the planner seals, the executor verifies),
 * {@code capplanner.route-seal.*} for routes (the router seals, the planner verifies),
 * {@code capplanner.comparison-seal.*} for comparisons (the planner seals, the report service verifies)
 * and {@code capplanner.observation-seal.*} for observations (the executor seals, the report service
 * verifies). Each has {@code keys}, {@code keyId:base64secret} pairs (env {@code CAPPLANNER_SEAL_KEYS},
 * {@code CAPPLANNER_PLAN_SEAL_KEYS}, ...), and {@code active-key}, the one new seals are made with; a
 * service that only verifies leaves it unset. Produced only where a service injects them.
 */
public class SealKeys {

    /** Names the {@link FactSeals} of snapshot events ({@code snapshot.built}, snapshot seal keys) at an injection point. */
    public static final String SNAPSHOT_EVENTS = "snapshot-event-seals";
    /** Names the {@link FactSeals} of routes ({@code route.selected}) at an injection point. */
    public static final String ROUTES = "route-seals";
    /** Names the {@link FactSeals} of comparisons ({@code shadow.compared}) at an injection point. */
    public static final String COMPARISONS = "comparison-seals";
    /** Names the {@link FactSeals} of observations ({@code actions.executed}) at an injection point. */
    public static final String OBSERVATIONS = "observation-seals";

    @Produces
    @Singleton
    SnapshotSeals snapshotSeals() {
        return new SnapshotSeals(ring("capplanner.seal"));
    }

    @Produces
    @Singleton
    PlanSeals planSeals() {
        return new PlanSeals(ring("capplanner.plan-seal"));
    }

    @Produces
    @Singleton
    @Named(SNAPSHOT_EVENTS)
    FactSeals snapshotEventSeals(SnapshotSeals snapshotSeals) {
        return FactSeals.snapshotEvents(snapshotSeals.keys());
    }

    @Produces
    @Singleton
    @Named(ROUTES)
    FactSeals routeSeals() {
        return FactSeals.routes(ring("capplanner.route-seal"));
    }

    @Produces
    @Singleton
    @Named(COMPARISONS)
    FactSeals comparisonSeals() {
        return FactSeals.comparisons(ring("capplanner.comparison-seal"));
    }

    @Produces
    @Singleton
    @Named(OBSERVATIONS)
    FactSeals observationSeals() {
        return FactSeals.observations(ring("capplanner.observation-seal"));
    }

    private static SealKeyRing ring(String prefix) {
        var config = ConfigProvider.getConfig();
        return parse(prefix, config.getOptionalValues(prefix + ".keys", String.class).orElse(List.of()),
                config.getOptionalValue(prefix + ".active-key", String.class).orElse(null));
    }

    static SealKeyRing parse(String prefix, List<String> pairs, String activeKey) {
        if (pairs.isEmpty()) {
            throw new IllegalStateException(prefix + ".keys is not set: seals cannot be made or checked");
        }
        Map<String, byte[]> keys = new LinkedHashMap<>();
        for (String pair : pairs) {
            int colon = pair.indexOf(':');
            if (colon <= 0) {
                throw new IllegalStateException(prefix + ".keys entries must be keyId:base64secret");
            }
            try {
                keys.put(pair.substring(0, colon).trim(), Base64.getDecoder().decode(pair.substring(colon + 1).trim()));
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException("seal key " + pair.substring(0, colon) + " is not valid base64");
            }
        }
        return new SealKeyRing(Optional.ofNullable(activeKey).filter(k -> !k.isBlank()).orElse(null), keys);
    }
}
