package dev.capplanner.contracts.deadletters;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.List;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;

/**
 * How a dead letter's payload is kept (rule "dead letters carry the reason"): the headers that say
 * what became of it, and AES-256-GCM under a random 96-bit nonce with the whole readable record as
 * associated data, so a payload opens only on the dead-letter topic, among the headers, it was
 * written with (moved to another record, or under another reason, offset or key id, it does not open).
 * The value is {@code base64(nonce || ciphertext || tag)}: text, as every reader of the topics reads it.
 */
public final class DeadLetterFormat {

    /** {@value #ENCRYPTED} or {@value #WITHHELD}: what became of the payload. */
    public static final String PAYLOAD = "dead-letter-payload";
    /** The payload is in the value, encrypted under the key {@link #PAYLOAD_KEY} names. */
    public static final String ENCRYPTED = "encrypted";
    /** No key was configured when the dead letter was written: its payload was not kept (the value is null). */
    public static final String WITHHELD = "withheld";
    /** The id of the key the payload is encrypted under. */
    public static final String PAYLOAD_KEY = "dead-letter-payload-key";
    /** The size of the original payload in bytes, for triage. */
    public static final String PAYLOAD_BYTES = "dead-letter-payload-bytes";

    static final List<String> OWN_HEADERS = List.of(PAYLOAD, PAYLOAD_KEY, PAYLOAD_BYTES);

    private static final byte[] CONTEXT = "capplanner dead letter v1".getBytes(StandardCharsets.US_ASCII);
    private static final String TRANSFORMATION = "AES/GCM/NoPadding";
    static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;

    private DeadLetterFormat() {
    }

    /**
     * What the ciphertext is bound to: the dead-letter topic (and so the service) and every header
     * of the record in order (the reason, the source topic, partition and offset, the key id ...).
     * Each field is length-prefixed, so no two records share their associated data.
     */
    static byte[] associatedData(String deadLetterTopic, List<DeadLetterHeader> headers) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            field(out, CONTEXT);
            field(out, deadLetterTopic.getBytes(StandardCharsets.UTF_8));
            out.writeInt(headers.size());
            for (DeadLetterHeader header : headers) {
                field(out, header.name().getBytes(StandardCharsets.UTF_8));
                field(out, header.value());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    static void field(DataOutputStream out, byte[] value) throws IOException {
        if (value == null) {
            out.writeInt(-1);
        } else {
            out.writeInt(value.length);
            out.write(value);
        }
    }

    static byte[] encrypt(SecretKey key, SecureRandom random, byte[] plain, byte[] associatedData) {
        byte[] nonce = new byte[NONCE_BYTES];
        random.nextBytes(nonce);
        try {
            Cipher cipher = Cipher.getInstance(TRANSFORMATION);
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, nonce));
            cipher.updateAAD(associatedData);
            byte[] sealed = cipher.doFinal(plain);
            byte[] out = Arrays.copyOf(nonce, NONCE_BYTES + sealed.length);
            System.arraycopy(sealed, 0, out, NONCE_BYTES, sealed.length);
            return out;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JVM ships " + TRANSFORMATION, e);
        }
    }

    /** The plain bytes, or {@code null} when the tag does not verify (altered, moved, or another key). */
    static byte[] decrypt(SecretKey key, byte[] nonceAndCiphertext, byte[] associatedData) {
        if (nonceAndCiphertext.length < NONCE_BYTES + TAG_BITS / 8) {
            return null;
        }
        try {
            Cipher cipher = Cipher.getInstance(TRANSFORMATION);
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, nonceAndCiphertext, 0, NONCE_BYTES));
            cipher.updateAAD(associatedData);
            return cipher.doFinal(nonceAndCiphertext, NONCE_BYTES, nonceAndCiphertext.length - NONCE_BYTES);
        } catch (AEADBadTagException e) {
            return null;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JVM ships " + TRANSFORMATION, e);
        }
    }
}
