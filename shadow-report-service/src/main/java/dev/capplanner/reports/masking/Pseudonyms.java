package dev.capplanner.reports.masking;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.text.Normalizer;
import java.util.HexFormat;
import java.util.Locale;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Typed, keyed pseudonyms: {@code <person:3f9a1c2b>} is the first 32 bits of an HMAC-SHA256 of the
 * kind's family and the normalized value under the tenant's key ({@link #forTenant}), so the same value
 * gets the same pseudonym in every report of the tenant (an analyst sees that both plans used the same
 * customer) and nobody without the key can test a guess.
 * Rotating the key (configuration) changes every pseudonym from then on.
 */
public final class Pseudonyms {

    static final int MIN_KEY_BYTES = 32;

    private final byte[] key;
    /** A MAC per thread, keyed once: getting and keying one costs more than the digest of a word. */
    private final ThreadLocal<Mac> macs;

    public Pseudonyms(byte[] key) {
        if (key.length < MIN_KEY_BYTES) {
            throw new IllegalArgumentException("the masking key is shorter than " + MIN_KEY_BYTES + " bytes");
        }
        this.key = key.clone();
        this.macs = ThreadLocal.withInitial(() -> mac(this.key));
    }

    public String of(SensitiveKind kind, String value) {
        byte[] digest = macs.get().doFinal((family(kind) + "\u0000" + normalized(kind, value))
                .getBytes(StandardCharsets.UTF_8));
        return "<" + kind.label() + ":" + HexFormat.of().formatHex(digest, 0, 4) + ">";
    }

    /**
     * One tenant's pseudonyms, under a key derived from this one and the tenant's id: one value has
     * one pseudonym within a tenant, and another in every other tenant, so reports of two tenants
     * cannot be joined on their pseudonyms.
     */
    public Pseudonyms forTenant(String tenantId) {
        return new Pseudonyms(mac(key).doFinal(("tenant\u0000" + tenantId).getBytes(StandardCharsets.UTF_8)));
    }

    private static Mac mac(byte[] key) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac;
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("every JVM ships HmacSHA256", e);
        }
    }

    /**
     * Words of free text get their digits from one family, whatever the detector that named them:
     * "Qwixler" read as a name and "qwixler" read as an unknown word are one value to an analyst
     * ({@code <person:1a2b3c4d>}, {@code <word:1a2b3c4d>}).
     */
    private static String family(SensitiveKind kind) {
        return switch (kind) {
            case PERSON, NAME, WORD, VALUE -> "text";
            default -> kind.label();
        };
    }

    /** Case, spacing and separators do not make another value ("+39 347-123" is "+39347123"). */
    static String normalized(SensitiveKind kind, String value) {
        String text = Normalizer.normalize(value.strip(), Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
        return switch (kind) {
            case PHONE, CARD, IBAN, NATIONAL_ID, ID_NUMBER -> onlyDigitsLettersAndPlus(text);
            default -> blanksAsOneSpace(text);
        };
    }

    /** What {@code [^0-9a-z+]} removed. */
    private static String onlyDigitsLettersAndPlus(String text) {
        StringBuilder kept = new StringBuilder(text.length());
        for (int at = 0; at < text.length(); at++) {
            char c = text.charAt(at);
            if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || c == '+') {
                kept.append(c);
            }
        }
        return kept.toString();
    }

    /** Each run of {@code \s} (space, tab, line breaks, vertical tab, form feed) as one space. */
    private static String blanksAsOneSpace(String text) {
        StringBuilder joined = new StringBuilder(text.length());
        boolean inBlanks = false;
        for (int at = 0; at < text.length(); at++) {
            char c = text.charAt(at);
            boolean blank = c == ' ' || c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r';
            if (!blank) {
                joined.append(c);
            } else if (!inBlanks) {
                joined.append(' ');
            }
            inBlanks = blank;
        }
        return joined.toString();
    }
}
