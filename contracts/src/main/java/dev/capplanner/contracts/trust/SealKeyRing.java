package dev.capplanner.contracts.trust;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * HMAC-SHA256 keys by id: the active one makes seals, any held one checks them, so keys rotate by
 * adding the new key everywhere, switching the active key, and removing the old one once nothing in
 * flight carries it. Seal format: {@code hmac-sha256:<keyId>:<base64url MAC without padding>}.
 */
public final class SealKeyRing {

    public static final String ALGORITHM = "hmac-sha256";
    /** Shorter keys would make the MAC weaker than the hash it protects. */
    public static final int MIN_KEY_BYTES = 32;

    private static final Pattern SEAL = Pattern.compile("^" + ALGORITHM + ":([A-Za-z0-9._-]{1,64}):([A-Za-z0-9_-]{43})$");

    private final String activeKeyId;
    private final Map<String, byte[]> keys;

    /**
     * @param activeKeyId the key new seals are made with, or {@code null} for a verifier only
     * @param keys        key id to secret; every key at least {@value #MIN_KEY_BYTES} bytes
     */
    public SealKeyRing(String activeKeyId, Map<String, byte[]> keys) {
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

    /** A seal of the text with the active key. */
    public String seal(byte[] text) {
        if (activeKeyId == null) {
            throw new IllegalStateException("no active seal key: this service only verifies seals");
        }
        return ALGORITHM + ":" + activeKeyId + ":" + Base64.getUrlEncoder().withoutPadding()
                .encodeToString(mac(keys.get(activeKeyId), text));
    }

    /**
     * Whether the seal was made over exactly this text with one of our keys; {@code subject} names
     * what is sealed in the reasons ("snapshot", "plan"), which never quote the seal or the key.
     */
    public SealCheck check(String subject, String seal, byte[] text, String mismatch) {
        if (seal == null) {
            return SealCheck.rejected(subject + " is not sealed");
        }
        Matcher parts = SEAL.matcher(seal);
        if (!parts.matches()) {
            return SealCheck.rejected(subject + " seal is malformed");
        }
        byte[] key = keys.get(parts.group(1));
        if (key == null) {
            return SealCheck.rejected(subject + " seal names an unknown key");
        }
        // The encodings are compared, not the decoded bytes: base64 would also decode the three other
        // spellings of a MAC's last character, and a seal should have exactly one.
        String expected = Base64.getUrlEncoder().withoutPadding().encodeToString(mac(key, text));
        if (!MessageDigest.isEqual(expected.getBytes(StandardCharsets.US_ASCII),
                parts.group(2).getBytes(StandardCharsets.US_ASCII))) {
            return SealCheck.rejected(subject + " seal does not match " + mismatch);
        }
        return SealCheck.ok(parts.group(1));
    }

    /**
     * The id of the key a well-formed seal names, or {@code null}: what a store records beside a fact
     * whose seal {@link #check} has already accepted (it says nothing about validity by itself).
     */
    public static String keyIdOf(String seal) {
        Matcher parts = seal == null ? null : SEAL.matcher(seal);
        return parts != null && parts.matches() ? parts.group(1) : null;
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

    /**
     * The verdict on a seal: when valid, the id of the key that made it (stored beside what it sealed,
     * so a rotation can tell which facts a key vouched for); the reason never quotes the seal or the key.
     */
    public record SealCheck(boolean valid, String reason, String keyId) {
        static SealCheck ok(String keyId) {
            return new SealCheck(true, null, keyId);
        }

        public static SealCheck rejected(String reason) {
            return new SealCheck(false, reason, null);
        }
    }
}
