package dev.capplanner.contracts.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.util.TokenBuffer;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
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
        return bytes(value, CANONICAL);
    }

    /**
     * The canonical bytes of {@code value} as {@code writer} writes it (a record with dates, say, by
     * {@link RunEventJson#mapper()}): the same bytes as converting it to a map with that mapper first
     * and taking {@link #bytes(Object)} of the map, without the map.
     */
    public static byte[] bytes(Object value, ObjectMapper writer) {
        try {
            // Through a tree so that nested maps are ordered too, whatever their implementation; the
            // tree is built from the value's tokens (no text written and parsed back), its numbers then
            // read as they would be from text, so the bytes equal those of writing, parsing and
            // writing again (CanonicalJsonTest holds the two to each other).
            TokenBuffer tokens = new TokenBuffer(writer, false);
            writer.writeValue(tokens, value);
            Object tree;
            try (JsonParser parser = tokens.asParser(CANONICAL)) {
                tree = CANONICAL.readValue(parser, Object.class);
            }
            StringWriter text = new StringWriter();
            try (JsonGenerator generator = CANONICAL.getFactory().createGenerator(text)) {
                write(asFromText(tree), generator);
            }
            return text.toString().getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        } catch (java.io.IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * What the canonical mapper writes for a tree it read (maps, lists, text, numbers, booleans), with the
     * keys sorted and null members left out, without its per-map sorted copies; anything else (bytes) by the mapper.
     */
    private static void write(Object node, JsonGenerator generator) throws java.io.IOException {
        if (node == null) {
            generator.writeNull();
        } else if (node instanceof String text) {
            generator.writeString(text);
        } else if (node instanceof Map<?, ?> map) {
            String[] keys = map.keySet().toArray(new String[0]);
            Arrays.sort(keys);
            generator.writeStartObject();
            for (String key : keys) {
                Object member = map.get(key);
                if (member != null) {
                    generator.writeFieldName(key);
                    write(member, generator);
                }
            }
            generator.writeEndObject();
        } else if (node instanceof List<?> list) {
            generator.writeStartArray();
            for (Object item : list) {
                write(item, generator);
            }
            generator.writeEndArray();
        } else if (node instanceof Boolean flag) {
            generator.writeBoolean(flag);
        } else if (node instanceof Integer number) {
            generator.writeNumber(number.intValue());
        } else if (node instanceof Long number) {
            generator.writeNumber(number.longValue());
        } else if (node instanceof Double number) {
            generator.writeNumber(number.doubleValue());
        } else if (node instanceof BigInteger number) {
            generator.writeNumber(number);
        } else {
            CANONICAL.writeValue(generator, node);
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
