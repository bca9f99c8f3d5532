package dev.capplanner.contracts.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Canonical JSON (sorted keys, no insignificant whitespace, nulls left out) so that equal content
 * always hashes equal, whichever service computes it.
 */
public final class CanonicalJson {

    private static final ObjectMapper CANONICAL = JsonMapper.builder()
            .enable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .serializationInclusion(JsonInclude.Include.NON_NULL)
            .build();

    private CanonicalJson() {
    }

    public static byte[] bytes(Object value) {
        try {
            // Round-trip through a tree so nested maps are ordered too, whatever their implementation.
            Object tree = CANONICAL.readValue(CANONICAL.writeValueAsBytes(value), Object.class);
            return CANONICAL.writeValueAsString(tree).getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        } catch (java.io.IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code sha256:} followed by the lowercase hex digest of the bytes. */
    public static String sha256(byte[] bytes) {
        try {
            return "sha256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM ships SHA-256", e);
        }
    }
}
