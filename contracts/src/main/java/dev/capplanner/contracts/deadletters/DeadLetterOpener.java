package dev.capplanner.contracts.deadletters;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import javax.crypto.SecretKey;

/**
 * Opens an encrypted dead letter for an operator who holds its key (for replay): the original
 * payload and headers back, or a reason it cannot be, which never quotes the record.
 */
public final class DeadLetterOpener {

    private final DeadLetterKeys keys;
    private final long maxOpenedBytes;

    /** @param maxOpenedBytes the most an opened dead letter may hold (payload and headers) */
    public DeadLetterOpener(DeadLetterKeys keys, long maxOpenedBytes) {
        this.keys = keys;
        this.maxOpenedBytes = maxOpenedBytes;
    }

    /**
     * @param deadLetterTopic the topic the dead letter was read from
     * @param headers         its headers, in order
     * @param value           its value
     */
    public OpenedDeadLetter open(String deadLetterTopic, List<DeadLetterHeader> headers, byte[] value) {
        String payload = last(headers, DeadLetterFormat.PAYLOAD);
        if (DeadLetterFormat.WITHHELD.equals(payload)) {
            throw new NotOpenedException("payload withheld: no dead-letter key was configured when it was written");
        }
        if (!DeadLetterFormat.ENCRYPTED.equals(payload)) {
            throw new NotOpenedException("not an encrypted dead letter (no " + DeadLetterFormat.PAYLOAD + ": "
                    + DeadLetterFormat.ENCRYPTED + " header)");
        }
        String keyId = last(headers, DeadLetterFormat.PAYLOAD_KEY);
        SecretKey key = keyId == null ? null : keys.key(keyId).orElse(null);
        if (key == null) {
            throw new NotOpenedException("encrypted under a key not held here (" + DeadLetterFormat.PAYLOAD_KEY + " "
                    + (keyId == null ? "missing" : keyId) + ")");
        }
        byte[] sealed;
        try {
            sealed = Base64.getDecoder().decode(value == null ? new byte[0] : value);
        } catch (IllegalArgumentException e) {
            throw new NotOpenedException("the value is not base64");
        }
        byte[] plain = DeadLetterFormat.decrypt(key, sealed, DeadLetterFormat.associatedData(deadLetterTopic, headers));
        if (plain == null) {
            throw new NotOpenedException("does not open with key " + keyId + ": altered, moved to another record or"
                    + " topic, or encrypted under another key of that id");
        }
        EncryptedContent content;
        try {
            content = EncryptedContent.decode(plain, maxOpenedBytes);
        } catch (EncryptedContent.MalformedContentException e) {
            throw new NotOpenedException("opened but unreadable: " + e.getMessage());
        }
        List<DeadLetterHeader> restored = new ArrayList<>();
        headers.stream().filter(h -> !DeadLetterFormat.OWN_HEADERS.contains(h.name())).forEach(restored::add);
        restored.addAll(content.headers());
        return new OpenedDeadLetter(List.copyOf(restored), content.payload());
    }

    private static String last(List<DeadLetterHeader> headers, String name) {
        String found = null;
        for (DeadLetterHeader header : headers) {
            if (header.name().equals(name)) {
                found = header.text();
            }
        }
        return found;
    }

    /** The failed record as it was: its headers (the readable ones, then the encrypted ones) and payload. */
    public record OpenedDeadLetter(List<DeadLetterHeader> headers, byte[] payload) {

        /** The payload as text (UTF-8), or {@code null}. */
        public String payloadText() {
            return payload == null ? null : new String(payload, StandardCharsets.UTF_8);
        }
    }

    /** Why a dead letter was not opened; never quotes the record or a key. */
    public static final class NotOpenedException extends RuntimeException {
        public NotOpenedException(String reason) {
            super(reason);
        }
    }
}
