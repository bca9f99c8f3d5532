package dev.capplanner.testing.events;

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

    /** The planner's key in tests: another secret than the snapshot service's, as in production. */
    public static final String PLAN_KEY_ID = "test-plan-key";
    public static final byte[] PLAN_SECRET = "capplanner-test-plan-seal-key-32bytes".getBytes(StandardCharsets.UTF_8);
    public static final String PLAN_SECRET_BASE64 = Base64.getEncoder().encodeToString(PLAN_SECRET);
    public static final PlanSeals PLAN_SEALS = new PlanSeals(new SealKeyRing(PLAN_KEY_ID, Map.of(PLAN_KEY_ID, PLAN_SECRET)));

    private TestSeals() {
    }
}
