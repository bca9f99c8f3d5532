package dev.capplanner.contracts.deadletters;

import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * The keys dead-letter payloads are encrypted under (rule "dead letters carry the reason"), by id:
 * the active one encrypts, any held one opens, so a key rotates by adding the new one, making it
 * active, and removing the old one once the last dead letter it encrypted has expired. Operators
 * hold them (a Kubernetes Secret); analysts, who read the dead-letter topics, do not.
 */
public final class DeadLetterKeys {

    /** AES-256: a key is exactly this long. */
    public static final int KEY_BYTES = 32;
    private static final String KEY_ID = "[A-Za-z0-9._-]{1,64}";

    private final String activeKeyId;
    private final Map<String, SecretKey> keys;

    /**
     * @param activeKeyId the key new dead letters are encrypted with, or {@code null} to open only
     * @param keys        key id to secret, each {@value #KEY_BYTES} bytes
     */
    public DeadLetterKeys(String activeKeyId, Map<String, byte[]> keys) {
        if (keys.isEmpty()) {
            throw new IllegalArgumentException("no dead-letter keys");
        }
        Map<String, SecretKey> copy = new TreeMap<>();
        keys.forEach((id, secret) -> {
            if (!id.matches(KEY_ID)) {
                throw new IllegalArgumentException("a dead-letter key id must be 1-64 letters, digits, '.', '_' or '-'");
            }
            if (secret.length != KEY_BYTES) {
                throw new IllegalArgumentException("dead-letter key " + id + " is not " + KEY_BYTES + " bytes (AES-256)");
            }
            copy.put(id, new SecretKeySpec(secret, "AES"));
        });
        if (activeKeyId != null && !copy.containsKey(activeKeyId)) {
            throw new IllegalArgumentException("the active dead-letter key " + activeKeyId + " is not among the keys");
        }
        this.activeKeyId = activeKeyId;
        this.keys = copy;
    }

    /**
     * Keys written {@code keyId:base64secret}, as configuration and the environment carry them; the
     * errors name a key by its id, never by its secret.
     */
    public static DeadLetterKeys parse(List<String> pairs, String activeKeyId) {
        Map<String, byte[]> keys = new TreeMap<>();
        for (String pair : pairs) {
            int colon = pair.indexOf(':');
            if (colon <= 0) {
                throw new IllegalArgumentException("dead-letter keys are written keyId:base64secret");
            }
            String id = pair.substring(0, colon).trim();
            try {
                keys.put(id, Base64.getDecoder().decode(pair.substring(colon + 1).trim()));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("dead-letter key " + id + " is not valid base64");
            }
        }
        return new DeadLetterKeys(activeKeyId == null || activeKeyId.isBlank() ? null : activeKeyId.trim(), keys);
    }

    /** The key new dead letters are encrypted with, when this holder encrypts. */
    public Optional<String> activeKeyId() {
        return Optional.ofNullable(activeKeyId);
    }

    /** The ids of the keys held (never the secrets). */
    public Set<String> keyIds() {
        return Set.copyOf(keys.keySet());
    }

    Optional<SecretKey> key(String id) {
        return Optional.ofNullable(keys.get(id));
    }
}
