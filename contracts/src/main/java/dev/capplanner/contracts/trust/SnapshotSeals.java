package dev.capplanner.contracts.trust;

import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.SnapshotRef;
import dev.capplanner.contracts.json.CanonicalJson;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * HMAC-SHA256 seals binding a snapshot hash to the run it was built for: run id, tenant, project,
 * principal and the principal's roles. The snapshot service seals with its active key; a verifier
 * accepts any key it holds, so keys rotate by adding the new key everywhere, switching the active
 * key, and removing the old one once no run in flight carries it.
 *
 * <p>Seal format: {@code hmac-sha256:<keyId>:<base64url MAC without padding>}.
 */
public final class SnapshotSeals {

    public static final String ALGORITHM = "hmac-sha256";
    /** Shorter keys would make the MAC weaker than the hash it protects. */
    public static final int MIN_KEY_BYTES = 32;

    private static final Pattern SEAL = Pattern.compile("^" + ALGORITHM + ":([A-Za-z0-9._-]{1,64}):([A-Za-z0-9_-]{43})$");
    private static final String DOMAIN = "capplanner-snapshot-seal-v1";

    private final String activeKeyId;
    private final Map<String, byte[]> keys;

    /**
     * @param activeKeyId the key new seals are made with, or {@code null} for a verifier only
     * @param keys        key id to secret; every key at least {@value #MIN_KEY_BYTES} bytes
     */
    public SnapshotSeals(String activeKeyId, Map<String, byte[]> keys) {
        if (keys.isEmpty()) {
            throw new IllegalArgumentException("no seal keys configured");
        }
        Map<String, byte[]> copy = new TreeMap<>();
        keys.forEach((id, secret) -> {
            if (!id.matches("[A-Za-z0-9._-]{1,64}")) {
                throw new IllegalArgumentException("seal key id must be 1-64 letters, digits, '.', '_' or '-': " + id);
            }
            if (secret.length < MIN_KEY_BYTES) {
                throw new IllegalArgumentException("seal key " + id + " is shorter than " + MIN_KEY_BYTES + " bytes");
            }
            copy.put(id, secret.clone());
        });
        if (activeKeyId != null && !copy.containsKey(activeKeyId)) {
            throw new IllegalArgumentException("the active seal key " + activeKeyId + " is not among the keys");
        }
        this.activeKeyId = activeKeyId;
        this.keys = copy;
    }

    /** The ids of the keys held (never the secrets). */
    public Set<String> keyIds() {
        return Set.copyOf(keys.keySet());
    }

    /** Whether this holder has an active key to seal with (a verifier only does not). */
    public boolean canSeal() {
        return activeKeyId != null;
    }

    /** Seals a snapshot hash for this run with the active key. */
    public String seal(RunContext run, String hash) {
        if (activeKeyId == null) {
            throw new IllegalStateException("no active seal key: this service only verifies seals");
        }
        byte[] mac = mac(keys.get(activeKeyId), sealedText(run, run.tenantId(), run.projectId(), hash));
        return ALGORITHM + ":" + activeKeyId + ":" + Base64.getUrlEncoder().withoutPadding().encodeToString(mac);
    }

    /** Whether the reference was sealed for exactly this run by a holder of one of our keys. */
    public SealCheck verify(RunContext run, SnapshotRef ref) {
        if (ref.seal() == null) {
            return SealCheck.rejected("snapshot is not sealed");
        }
        Matcher parts = SEAL.matcher(ref.seal());
        if (!parts.matches()) {
            return SealCheck.rejected("snapshot seal is malformed");
        }
        byte[] key = keys.get(parts.group(1));
        if (key == null) {
            return SealCheck.rejected("snapshot seal names an unknown key");
        }
        byte[] claimed = Base64.getUrlDecoder().decode(parts.group(2));
        byte[] expected = mac(key, sealedText(run, ref.tenantId(), ref.projectId(), ref.hash()));
        if (!MessageDigest.isEqual(claimed, expected)) {
            return SealCheck.rejected("snapshot seal does not match run, principal and hash");
        }
        return SealCheck.ok();
    }

    private static byte[] sealedText(RunContext run, String tenantId, String projectId, String hash) {
        List<String> roles = new ArrayList<>(run.principal().roles());
        roles.sort(null);
        // A JSON array, not a joined string: identifiers may hold any character, so no separator is safe.
        return CanonicalJson.bytes(List.of(DOMAIN, run.runId(), tenantId, projectId, run.principal().userId(),
                roles, hash));
    }

    private static byte[] mac(byte[] key, byte[] text) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(text);
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("every JVM ships HmacSHA256", e);
        }
    }

    /** The verdict on a seal; the reason never quotes the seal or the key. */
    public record SealCheck(boolean valid, String reason) {
        static SealCheck ok() {
            return new SealCheck(true, null);
        }

        static SealCheck rejected(String reason) {
            return new SealCheck(false, reason);
        }
    }
}
