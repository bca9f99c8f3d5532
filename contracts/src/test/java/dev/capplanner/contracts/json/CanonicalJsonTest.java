package dev.capplanner.contracts.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.capplanner.contracts.SampleEvents;
import dev.capplanner.contracts.events.RunEvent;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Seals and content addresses are computed by every service over these bytes, so a faster way to
 * compute them must give exactly the bytes the first one gave: writing the value, parsing the text
 * and writing the tree again (kept here as the reference).
 */
class CanonicalJsonTest {

    private static final ObjectMapper REFERENCE = JsonMapper.builder()
            .enable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .serializationInclusion(JsonInclude.Include.NON_NULL)
            .build();

    private static byte[] reference(Object value) throws Exception {
        Object tree = REFERENCE.readValue(REFERENCE.writeValueAsBytes(value), Object.class);
        return REFERENCE.writeValueAsString(tree).getBytes(StandardCharsets.UTF_8);
    }

    private static void sameAsReference(Object value) throws Exception {
        assertThat(new String(CanonicalJson.bytes(value), StandardCharsets.UTF_8))
                .isEqualTo(new String(reference(value), StandardCharsets.UTF_8));
        assertThat(CanonicalJson.bytes(value)).isEqualTo(reference(value));
    }

    @Test
    void everySampleEventGivesTheBytesItAlwaysGave() throws Exception {
        for (RunEvent event : SampleEvents.all()) {
            sameAsReference(List.of("some-domain", RunEventJson.toMap(event)));
        }
    }

    @Test
    void anEventWrittenByTheEventMapperGivesTheBytesOfItsMap() throws Exception {
        for (RunEvent event : SampleEvents.all()) {
            assertThat(new String(CanonicalJson.bytes(List.of("some-domain", event), RunEventJson.mapper()),
                    StandardCharsets.UTF_8)).isEqualTo(new String(reference(List.of("some-domain",
                    RunEventJson.toMap(event))), StandardCharsets.UTF_8));
        }
    }

    @Test
    void numbersOfEveryKindAreWrittenAsTheirTextWouldBeReadBack() throws Exception {
        Map<String, Object> numbers = new HashMap<>();
        numbers.put("int", 7);
        numbers.put("long", 1L << 40);
        numbers.put("big integer", new BigInteger("123456789012345678901234567890"));
        numbers.put("double", 0.1);
        numbers.put("whole double", 5.0);
        numbers.put("tiny double", 1.0E-9);
        numbers.put("huge double", 1.0E21);
        numbers.put("negative zero", -0.0);
        numbers.put("float", 0.1f);
        numbers.put("odd float", 16777217f);
        numbers.put("big decimal", new BigDecimal("1.10"));
        numbers.put("integral big decimal", new BigDecimal("1000"));
        numbers.put("scaled big decimal", new BigDecimal("1E+3"));
        numbers.put("short", (short) 12);
        numbers.put("byte", (byte) -3);
        numbers.put("not a number", Double.NaN);
        numbers.put("infinity", Double.NEGATIVE_INFINITY);
        sameAsReference(numbers);
        sameAsReference(List.of(numbers, List.of(numbers)));
    }

    @Test
    void keysInAnyOrderAnyDepthAndAnyTextGiveOneOrder() throws Exception {
        Map<String, Object> inner = new LinkedHashMap<>();
        inner.put("zeta", "last");
        inner.put("alpha", List.of("b", "a", Map.of("y", 1, "x", 2)));
        inner.put("nothing", null);
        inner.put("Ünïcödé ✓", "emoji 😀 and \u0001 control and \"quotes\" and \\ backslash");
        inner.put("bytes", new byte[] {1, 2, 3, (byte) 255});
        inner.put("flag", true);
        sameAsReference(Map.of("outer", inner, "a", List.of()));
        record Pojo(String b, String a, Double missing, List<Integer> values) {
        }
        sameAsReference(new Pojo("two", "one", null, List.of(3, 1, 2)));
    }

    @Test
    void keysThatAreNotTextAndNumbersInsideRecordsAndTreesGiveTheReferenceBytes() throws Exception {
        Map<Integer, String> byNumber = new HashMap<>();
        byNumber.put(10, "ten");
        byNumber.put(2, "two");
        sameAsReference(byNumber);
        record Prices(float unit, BigDecimal total, double rate) {
        }
        sameAsReference(List.of(new Prices(0.1f, new BigDecimal("12.50"), 1e-7)));
        com.fasterxml.jackson.databind.node.ObjectNode node = REFERENCE.createObjectNode();
        node.put("decimal", new BigDecimal("3.140"));
        node.put("float", 2.5f);
        node.putArray("list").add(new BigDecimal("1E+2")).add(7L);
        sameAsReference(Map.of("tree", node));
    }

    @Test
    void randomTreesGiveTheReferenceBytes() throws Exception {
        Random random = new Random(42);
        for (int i = 0; i < 300; i++) {
            sameAsReference(randomNode(random, 0));
        }
    }

    @Test
    void aLoneSurrogateGivesWhatItGaveBefore() throws Exception {
        sameAsReference(Map.of("q", "broken \uD800 text", "r", "\uDE00 alone"));
    }

    private static Object randomNode(Random random, int depth) {
        int kind = depth > 4 ? random.nextInt(6) : random.nextInt(9);
        return switch (kind) {
            case 0 -> random.nextInt();
            case 1 -> random.nextLong();
            case 2 -> random.nextDouble() * Math.pow(10, random.nextInt(40) - 20);
            case 3 -> random.nextFloat();
            case 4 -> new BigDecimal(random.nextInt(100_000)).movePointLeft(random.nextInt(6));
            case 5 -> random.nextBoolean() ? null : "s" + random.nextInt(1000) + (char) (0x20 + random.nextInt(0x3000));
            case 6, 7 -> {
                Map<String, Object> map = new HashMap<>();
                int size = random.nextInt(5);
                for (int k = 0; k < size; k++) {
                    map.put("k" + random.nextInt(50), randomNode(random, depth + 1));
                }
                yield map;
            }
            default -> {
                List<Object> list = new ArrayList<>();
                int size = random.nextInt(5);
                for (int k = 0; k < size; k++) {
                    list.add(randomNode(random, depth + 1));
                }
                yield list;
            }
        };
    }
}
