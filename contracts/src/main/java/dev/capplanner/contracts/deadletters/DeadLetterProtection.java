package dev.capplanner.contracts.deadletters;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import javax.crypto.SecretKey;

/**
 * Rule "dead letters carry the reason", for what a dead letter keeps: the reason and the
 * {@link ReadableHeaders} stay readable; the payload and every other header are encrypted under the
 * active {@link DeadLetterKeys} key ({@link DeadLetterFormat}). Without a key nothing raw is kept:
 * the payload and those headers are withheld (dropped), and the dead letter says so and how large
 * the payload was; the record itself stays on its source topic, at the partition and offset the
 * dead letter names, for as long as that topic keeps it.
 */
public final class DeadLetterProtection {

    private final Optional<DeadLetterKeys> keys;
    private final ReadableHeaders readable;
    private final SecureRandom random = new SecureRandom();

    /** @param keys with an active key to encrypt under; empty: payloads are withheld */
    public DeadLetterProtection(Optional<DeadLetterKeys> keys, ReadableHeaders readable) {
        if (keys.isPresent() && keys.get().activeKeyId().isEmpty()) {
            throw new IllegalArgumentException("dead letters are encrypted under an active key, and none is set");
        }
        this.keys = keys;
        this.readable = readable;
    }

    /** Whether payloads are encrypted (else withheld). */
    public boolean encrypts() {
        return keys.isPresent();
    }

    /**
     * The dead letter to write for a failed record.
     *
     * @param deadLetterTopic where it is written (names the service)
     * @param headers         the failed record's headers after the connector's own, in order
     * @param payload         the failed record's value, or {@code null}
     */
    public ProtectedDeadLetter protect(String deadLetterTopic, List<DeadLetterHeader> headers, byte[] payload) {
        List<DeadLetterHeader> kept = new ArrayList<>();
        List<DeadLetterHeader> hidden = new ArrayList<>();
        for (DeadLetterHeader header : headers) {
            // A header named like this format's own would be taken for it: it is hidden, never trusted.
            boolean own = DeadLetterFormat.OWN_HEADERS.contains(header.name());
            (!own && readable.readable(header) ? kept : hidden).add(header);
        }
        String size = String.valueOf(payload == null ? 0 : payload.length);
        if (keys.isEmpty()) {
            kept.add(DeadLetterHeader.of(DeadLetterFormat.PAYLOAD, DeadLetterFormat.WITHHELD));
            kept.add(DeadLetterHeader.of(DeadLetterFormat.PAYLOAD_BYTES, size));
            return new ProtectedDeadLetter(List.copyOf(kept), null);
        }
        String keyId = keys.get().activeKeyId().orElseThrow();
        SecretKey key = keys.get().key(keyId).orElseThrow();
        kept.add(DeadLetterHeader.of(DeadLetterFormat.PAYLOAD, DeadLetterFormat.ENCRYPTED));
        kept.add(DeadLetterHeader.of(DeadLetterFormat.PAYLOAD_KEY, keyId));
        kept.add(DeadLetterHeader.of(DeadLetterFormat.PAYLOAD_BYTES, size));
        byte[] sealed = DeadLetterFormat.encrypt(key, random, new EncryptedContent(List.copyOf(hidden), payload).encode(),
                DeadLetterFormat.associatedData(deadLetterTopic, kept));
        return new ProtectedDeadLetter(List.copyOf(kept), Base64.getEncoder().encode(sealed));
    }

    /** The dead letter as written: its headers in order, and its value ({@code null} when withheld). */
    public record ProtectedDeadLetter(List<DeadLetterHeader> headers, byte[] value) {
    }
}
