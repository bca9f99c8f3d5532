package dev.capplanner.testing.events;

import dev.capplanner.contracts.trust.FactSeals;
import dev.capplanner.contracts.trust.PlanSeals;
import dev.capplanner.contracts.trust.SealKeyRing;
import dev.capplanner.contracts.trust.SnapshotSeals;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;

/**
 * The seal key tests share: services under test are configured with it (see each module's test
 * {@code application.properties}), fixtures seal with it, and a forged seal uses any other secret.
 */
public final class TestSeals {

    public static final String KEY_ID = "test-key";
    public static final byte[] SECRET = "capplanner-test-seal-key-32bytes!".getBytes(StandardCharsets.UTF_8);
    /** {@link #SECRET} as configuration takes it. */
    public static final String SECRET_BASE64 = Base64.getEncoder().encodeToString(SECRET);
    public static final SnapshotSeals SEALS = new SnapshotSeals(KEY_ID, Map.of(KEY_ID, SECRET));
    /** The snapshot service's seals over whole snapshot events: its snapshot keys, another domain. */
    public static final FactSeals SNAPSHOT_EVENT_SEALS = FactSeals.snapshotEvents(SEALS.keys());

    /** The planner's key in tests: another secret than the snapshot service's, as in production. */
    public static final String PLAN_KEY_ID = "test-plan-key";
    public static final byte[] PLAN_SECRET = "capplanner-test-plan-seal-key-32bytes".getBytes(StandardCharsets.UTF_8);
    public static final String PLAN_SECRET_BASE64 = Base64.getEncoder().encodeToString(PLAN_SECRET);
    public static final PlanSeals PLAN_SEALS = new PlanSeals(new SealKeyRing(PLAN_KEY_ID, Map.of(PLAN_KEY_ID, PLAN_SECRET)));

    /** The router's route key, the planner's comparison key and the executor's observation key in tests, each its own secret. */
    public static final String ROUTE_KEY_ID = "test-route-key";
    public static final byte[] ROUTE_SECRET = "capplanner-test-route-seal-key-32bytes!".getBytes(StandardCharsets.UTF_8);
    public static final FactSeals ROUTE_SEALS = FactSeals.routes(
            new SealKeyRing(ROUTE_KEY_ID, Map.of(ROUTE_KEY_ID, ROUTE_SECRET)));
    public static final String COMPARISON_KEY_ID = "test-comparison-key";
    public static final byte[] COMPARISON_SECRET = "capplanner-test-comparison-seal-key-32b".getBytes(StandardCharsets.UTF_8);
    public static final FactSeals COMPARISON_SEALS = FactSeals.comparisons(
            new SealKeyRing(COMPARISON_KEY_ID, Map.of(COMPARISON_KEY_ID, COMPARISON_SECRET)));
    public static final String OBSERVATION_KEY_ID = "test-observation-key";
    public static final byte[] OBSERVATION_SECRET = "capplanner-test-observation-seal-key-32".getBytes(StandardCharsets.UTF_8);
    public static final FactSeals OBSERVATION_SEALS = FactSeals.observations(
            new SealKeyRing(OBSERVATION_KEY_ID, Map.of(OBSERVATION_KEY_ID, OBSERVATION_SECRET)));

    private TestSeals() {
    }
}
