package dev.capplanner.testing.events;

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

    private TestSeals() {
    }
}
