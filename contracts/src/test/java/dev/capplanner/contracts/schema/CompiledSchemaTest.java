package dev.capplanner.contracts.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.contracts.schema.CompiledSchema.UnsupportedSchemaException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CompiledSchemaTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String BASE = "https://capplanner.dev/test/";

    private static CompiledSchema schema(String json) {
        return CompiledSchema.compile(BASE + "a.json", Map.of(BASE + "a.json", tree(json)));
    }

    private static JsonNode tree(String json) {
        try {
            return JSON.readTree(json);
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    @Test
    void aKeywordItDoesNotCheckIsRefusedNotSkipped() {
        assertThatThrownBy(() -> schema("{\"type\":\"object\",\"patternProperties\":{\"^x\":false}}"))
                .isInstanceOf(UnsupportedSchemaException.class).hasMessageContaining("patternProperties");
        assertThatThrownBy(() -> schema("{\"multipleOf\":2}")).isInstanceOf(UnsupportedSchemaException.class);
        assertThatThrownBy(() -> schema("{\"$ref\":\"other.json#/x\"}")).isInstanceOf(UnsupportedSchemaException.class);
        assertThatThrownBy(() -> schema("{\"items\":{\"$id\":\"https://elsewhere/\"}}"))
                .isInstanceOf(UnsupportedSchemaException.class);
    }

    @Test
    void unevaluatedPropertiesSeesWhatTheReferencedEnvelopeDeclares() {
        CompiledSchema event = CompiledSchema.compile(BASE + "event.json", Map.of(
                BASE + "common.json", tree("{\"$defs\":{\"envelope\":{\"type\":\"object\",\"required\":[\"id\"],"
                        + "\"properties\":{\"id\":{\"type\":\"string\"}}}}}"),
                BASE + "event.json", tree("{\"allOf\":[{\"$ref\":\"common.json#/$defs/envelope\"}],"
                        + "\"unevaluatedProperties\":false,\"properties\":{\"body\":{\"type\":\"integer\"}}}")));
        assertThat(event.conforms(tree("{\"id\":\"e-1\",\"body\":1}"))).isTrue();
        assertThat(event.conforms(tree("{\"id\":\"e-1\",\"body\":1,\"extra\":true}"))).isFalse();
        assertThat(event.conforms(tree("{\"body\":1}"))).as("the envelope's required field").isFalse();
    }

    @Test
    void annotationsOfAFailedBranchDoNotCount() {
        CompiledSchema schema = schema("{\"anyOf\":[{\"properties\":{\"a\":{\"type\":\"string\"}}},"
                + "{\"properties\":{\"b\":true}}],\"unevaluatedProperties\":false}");
        assertThat(schema.conforms(tree("{\"a\":\"x\",\"b\":1}"))).isTrue();
        assertThat(schema.conforms(tree("{\"a\":1}"))).as("a is evaluated only by the branch that failed").isFalse();
    }

    @Test
    void numbersAndStringsAsJsonSchemaCountsThem() {
        assertThat(schema("{\"type\":\"integer\"}").conforms(tree("1.0"))).isTrue();
        assertThat(schema("{\"type\":\"integer\"}").conforms(tree("1.5"))).isFalse();
        assertThat(schema("{\"const\":1}").conforms(tree("1.0"))).isTrue();
        assertThat(schema("{\"maxLength\":2}").conforms(tree("\"\\ud83d\\ude00\\ud83d\\ude00\"")))
                .as("two code points, four UTF-16 units").isTrue();
        assertThat(schema("{\"maxLength\":2}").conforms(tree("\"abc\""))).isFalse();
        assertThat(schema("{\"pattern\":\"b\"}").conforms(tree("\"abc\""))).as("found anywhere").isTrue();
        assertThat(schema("{\"minimum\":0,\"maximum\":100}").conforms(tree("101"))).isFalse();
        assertThat(schema("{\"minimum\":0}").conforms(tree("\"-1\""))).as("applies to numbers only").isTrue();
    }

    @Test
    void oneOfWantsExactlyOneAndReferencesMayRecurse() {
        CompiledSchema tree = schema("{\"$defs\":{\"node\":{\"type\":\"object\",\"additionalProperties\":false,"
                + "\"properties\":{\"not\":{\"$ref\":\"#/$defs/node\"},\"leaf\":{\"type\":\"string\"}}}},"
                + "\"$ref\":\"#/$defs/node\"}");
        assertThat(tree.conforms(tree("{\"not\":{\"not\":{\"leaf\":\"x\"}}}"))).isTrue();
        assertThat(tree.conforms(tree("{\"not\":{\"not\":{\"leaf\":1}}}"))).isFalse();
        CompiledSchema one = schema("{\"oneOf\":[{\"type\":\"integer\"},{\"minimum\":0}]}");
        assertThat(one.conforms(tree("-1"))).isTrue();
        assertThat(one.conforms(tree("1"))).as("both match").isFalse();
        assertThat(one.conforms(tree("-1.5"))).as("neither matches").isFalse();
    }

    @Test
    void aNumberBeyondADoublesRangeIsRefusedNotThrown() {
        // 1e400 parses as infinity: no minimum, maximum or integer check may throw on it.
        assertThat(schema("{\"type\":\"integer\",\"maximum\":100}").conforms(tree("1e400"))).isFalse();
        assertThat(schema("{\"minimum\":0}").conforms(tree("-1e400"))).isFalse();
        assertThat(schema("{\"enum\":[1]}").conforms(tree("1e400"))).isFalse();
        assertThat(schema("{\"type\":\"number\"}").conforms(tree("1e400"))).as("no bound to compare with").isFalse();
        assertThat(schema("{\"type\":\"number\"}").conforms(tree("1e-400"))).isTrue();
    }

    @Test
    void formatIsCheckedAsVertxChecksIt() {
        CompiledSchema dateTime = schema("{\"type\":\"string\",\"format\":\"date-time\"}");
        assertThat(dateTime.conforms(tree("\"2026-11-30T09:15:00Z\""))).isTrue();
        assertThat(dateTime.conforms(tree("\"2026-13-45T99:99:99Z\""))).isFalse();
    }

    @Test
    void uniqueItemsComparesByJsonValue() {
        CompiledSchema unique = schema("{\"uniqueItems\":true}");
        assertThat(unique.conforms(tree("[1, 1.0]"))).isFalse();
        assertThat(unique.conforms(tree("[{\"a\":1,\"b\":2},{\"b\":2,\"a\":1}]"))).isFalse();
        assertThat(unique.conforms(tree("[1, \"1\"]"))).isTrue();
    }
}
