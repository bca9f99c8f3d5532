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

    @Test
    void aNestedUnevaluatedPropertiesSeesOnlyItsOwnSubschemasAnnotations() {
        // The allOf branch declares nothing, so "a" is unevaluated there, whatever its parent declares.
        CompiledSchema schema = schema("{\"properties\":{\"a\":true},\"allOf\":[{\"unevaluatedProperties\":false}],"
                + "\"unevaluatedProperties\":false}");
        assertThat(schema.conforms(tree("{\"a\":1}"))).isFalse();
        assertThat(schema.conforms(tree("{}"))).isTrue();
        CompiledSchema inner = schema("{\"allOf\":[{\"properties\":{\"a\":true},\"unevaluatedProperties\":false}],"
                + "\"unevaluatedProperties\":false}");
        assertThat(inner.conforms(tree("{\"a\":1}"))).as("what the branch evaluated counts for its parent").isTrue();
    }

    @Test
    void keywordValuesAgainstTheSpecificationAreRefusedNotGuessed() {
        for (String bad : new String[] {"{\"type\":[]}", "{\"allOf\":[]}", "{\"anyOf\":[]}", "{\"oneOf\":[]}",
                "{\"uniqueItems\":\"yes\"}", "{\"uniqueItems\":1}", "{\"minLength\":18446744073709551616}",
                "{\"maxItems\":-1}", "{\"minProperties\":1.5}", "{\"maxLength\":1e400}", "{\"maximum\":1e400}",
                "{\"$ref\":\"::not a uri\"}", "{\"$ref\":\"#/%zz\"}", "{\"pattern\":\"(\"}"}) {
            assertThatThrownBy(() -> schema(bad)).as(bad).isInstanceOf(UnsupportedSchemaException.class);
        }
    }

    @Test
    void subschemasApplyingToTheSameValueInACycleAreRefused() {
        assertThatThrownBy(() -> schema("{\"$ref\":\"#\"}")).isInstanceOf(UnsupportedSchemaException.class);
        assertThatThrownBy(() -> schema("{\"$defs\":{\"a\":{\"allOf\":[{\"$ref\":\"#/$defs/b\"}]},"
                + "\"b\":{\"anyOf\":[{\"type\":\"string\"},{\"not\":{\"$ref\":\"#/$defs/a\"}}]}},\"$ref\":\"#/$defs/a\"}"))
                .isInstanceOf(UnsupportedSchemaException.class);
    }

    @Test
    void patternsAreReadAsEcmaScriptReadsThem() {
        CompiledSchema id = schema("{\"pattern\":\"^art_[0-9a-f]{4}$\"}");
        assertThat(id.conforms(tree("\"art_00ff\""))).isTrue();
        assertThat(id.conforms(tree("\"art_00ff\\n\""))).as("$ is the end of the text, not of a line").isFalse();
        assertThat(schema("{\"pattern\":\"^\\\\s$\"}").conforms(tree("\"\\u00a0\""))).as("\\s is Unicode space").isTrue();
        assertThat(schema("{\"pattern\":\"^[\\\\s]$\"}").conforms(tree("\"\\u3000\""))).isTrue();
        assertThat(schema("{\"pattern\":\"^\\\\S$\"}").conforms(tree("\"\\u2028\""))).isFalse();
        assertThat(schema("{\"pattern\":\"^.$\"}").conforms(tree("\"\\u0085\""))).as("NEL is no line end in ECMA")
                .isTrue();
        assertThat(schema("{\"pattern\":\"^.$\"}").conforms(tree("\"\\n\""))).isFalse();
        assertThat(schema("{\"pattern\":\"^[a[b]]$\"}").conforms(tree("\"[]\""))).as("[ is literal in a class")
                .isTrue();
        assertThat(schema("{\"pattern\":\"^[a&&b]$\"}").conforms(tree("\"&\""))).as("&& is literal").isTrue();
        assertThat(schema("{\"pattern\":\"\\\\bcat\\\\b\"}").conforms(tree("\"écat\""))).as("ASCII word boundary")
                .isTrue();
        for (String javaOnly : new String[] {"a++", "a*+", "(?i)a", "\\\\Qa\\\\E", "\\\\Aa", "a\\\\z", "(a)\\\\1",
                "\\\\p{L}", "\\\\h", "[]", "\\\\k<x>"}) {
            assertThatThrownBy(() -> schema("{\"pattern\":\"" + javaOnly + "\"}")).as(javaOnly)
                    .isInstanceOf(UnsupportedSchemaException.class);
        }
        CompiledSchema both = schema("{\"pattern\":\"^a+?b*?(?:c|d)??(?=e)e(?<n>f)\\\\u0041\\\\x42\\\\cC$\"}");
        assertThat(both.conforms(tree("\"abdefAB\\u0003\""))).as("syntax both dialects share").isTrue();
        assertThat(both.conforms(tree("\"abdfAB\\u0003\""))).isFalse();
    }

    @Test
    void aPatternThatBacktracksWithoutEndIsNotCheckableInsteadOfHoldingACore() {
        // Polynomial of degree 12 in the text's length: seconds on 30 characters with java.util.regex alone.
        CompiledSchema nested = schema("{\"type\":\"string\",\"pattern\":\"^(.*a){12}$\"}");
        assertThat(nested.check(tree("\"" + "a".repeat(40) + "!\""))).isEqualTo(CompiledSchema.Verdict.UNCHECKABLE);
        assertThat(nested.check(tree("\"" + "a".repeat(40) + "\""))).isEqualTo(CompiledSchema.Verdict.CONFORMS);
        CompiledSchema alternation = schema("{\"type\":\"string\",\"pattern\":\"^(a|b)*$\"}");
        assertThat(alternation.check(tree("\"" + "ab".repeat(50_000) + "\"")))
                .as("deep recursion of the matcher is refused, not thrown").isNotEqualTo(CompiledSchema.Verdict.VIOLATES);
    }

    @Test
    void referencesThatBranchAtEveryLevelExhaustTheBudget() {
        StringBuilder defs = new StringBuilder("{\"$defs\":{");
        for (int i = 0; i < 30; i++) {
            defs.append("\"d").append(i).append("\":{\"allOf\":[{\"$ref\":\"#/$defs/d").append(i + 1)
                    .append("\"},{\"$ref\":\"#/$defs/d").append(i + 1).append("\"}]},");
        }
        defs.append("\"d30\":{\"type\":\"string\"}},\"$ref\":\"#/$defs/d0\"}");
        assertThat(schema(defs.toString()).check(tree("\"x\""))).isEqualTo(CompiledSchema.Verdict.UNCHECKABLE);
    }

    @Test
    void uniqueItemsHoldsOnLongArraysByValue() {
        CompiledSchema unique = schema("{\"uniqueItems\":true}");
        StringBuilder distinct = new StringBuilder("[");
        for (int i = 0; i < 50_000; i++) {
            distinct.append(i).append(',');
        }
        assertThat(unique.check(tree(distinct + "\"0\"]"))).isEqualTo(CompiledSchema.Verdict.CONFORMS);
        assertThat(unique.check(tree(distinct + "49999.0]"))).isEqualTo(CompiledSchema.Verdict.VIOLATES);
        assertThat(unique.conforms(tree("[{\"a\":[1,{\"b\":null}]},{\"a\":[1.00,{\"b\":null}]}]"))).isFalse();
        assertThat(unique.conforms(tree("[\"a:1\",{\"a\":1}]"))).isTrue();
    }
}
