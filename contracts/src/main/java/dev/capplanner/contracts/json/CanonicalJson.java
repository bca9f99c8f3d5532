package dev.capplanner.contracts.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.util.TokenBuffer;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

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
            // Through a tree so that nested maps are ordered too, whatever their implementation; the
            // tree is built from the value's tokens (no text written and parsed back), its numbers then
            // read as they would be from text, so the bytes equal those of writing, parsing and
            // writing again (CanonicalJsonTest holds the two to each other).
            TokenBuffer tokens = new TokenBuffer(CANONICAL, false);
            CANONICAL.writeValue(tokens, value);
            Object tree;
            try (JsonParser parser = tokens.asParser(CANONICAL)) {
                tree = CANONICAL.readValue(parser, Object.class);
            }
            return CANONICAL.writeValueAsString(asFromText(tree)).getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        } catch (java.io.IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The tree as parsing its text would give it: integers and doubles already are; any other number
     * (a float, a BigDecimal) is written and read back, as the text would have been. The tree is this
     * method's own (just read), so it is changed in place.
     */
    @SuppressWarnings("unchecked")
    private static Object asFromText(Object node) throws java.io.IOException {
        if (node instanceof Map<?, ?> map) {
            for (Map.Entry<Object, Object> entry : ((Map<Object, Object>) map).entrySet()) {
                entry.setValue(asFromText(entry.getValue()));
            }
            return map;
        }
        if (node instanceof List<?> list) {
            List<Object> items = (List<Object>) list;
            for (int i = 0; i < items.size(); i++) {
                items.set(i, asFromText(items.get(i)));
            }
            return items;
        }
        if (node instanceof Number number && !(number instanceof Integer || number instanceof Long
                || number instanceof BigInteger || number instanceof Double)) {
            return CANONICAL.readValue(CANONICAL.writeValueAsBytes(number), Object.class);
        }
        return node;
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
