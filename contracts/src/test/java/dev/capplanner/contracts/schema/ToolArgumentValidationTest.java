package dev.capplanner.contracts.schema;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Tool schemas come from remote sources: whatever one says, a check ends, and what it cannot check it refuses. */
class ToolArgumentValidationTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(String json) {
        try {
            return JSON.readValue(json, Map.class);
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    @Test
    void aSchemaNeitherValidatorReadsRefusesEveryValueInsteadOfThrowingAndIsCompiledOnce() {
        CompiledToolSchemas cache = new CompiledToolSchemas(10);
        // vertx-json-schema refuses to build a validator for it (a schema URI declared twice).
        Map<String, Object> unreadable = map(
                "{\"type\":\"object\",\"properties\":{\"q\":{\"$id\":\"https://capplanner.dev/tools/\"}}}");
        assertThat(cache.of(unreadable).errors(map("{\"q\":\"x\"}"))).isNotEmpty();
        assertThat(cache.of(unreadable).errors(map("{}"))).isNotEmpty();
        assertThat(cache.compilations()).as("a failed compilation is kept, not redone per call").isEqualTo(1);
    }

    @Test
    void aPatternThatBacktracksWithoutEndIsRefusedAndNeverHandedToTheUnboundedValidator() {
        ToolArgumentValidation.Compiled redos = ToolArgumentValidation.compile(map(
                "{\"type\":\"object\",\"properties\":{\"q\":{\"type\":\"string\",\"pattern\":\"^(.*a){12}$\"},"
                        + "\"n\":{\"type\":\"integer\"}}}"));
        String hostile = "a".repeat(40) + "!";
        // Another field fails too, so vertx-json-schema is asked why: without the pattern, or it would not return.
        assertThat(redos.errors(map("{\"n\":\"x\",\"q\":\"" + hostile + "\"}"))).isNotEmpty();
        assertThat(redos.errors(map("{\"q\":\"" + hostile + "\"}"))).singleElement()
                .satisfies(error -> assertThat(error.getError()).contains("budget"));
        assertThat(redos.errors(map("{\"q\":\"" + "a".repeat(12) + "\",\"n\":1}"))).isEmpty();
    }

    @Test
    void aPatternFailureIsStillReportedWhenVertxIsNotGivenThePatterns() {
        ToolArgumentValidation.Compiled id = ToolArgumentValidation.compile(map(
                "{\"type\":\"object\",\"properties\":{\"pattern\":{\"type\":\"string\",\"pattern\":\"^C-\\\\d+$\"}}}"));
        assertThat(id.errors(map("{\"pattern\":\"C-12\"}"))).isEmpty();
        assertThat(id.errors(map("{\"pattern\":\"C-12\\n\"}"))).as("a property named pattern keeps its schema")
                .singleElement().satisfies(error -> {
                    assertThat(error.getInstanceLocation()).isEqualTo("#/pattern");
                    assertThat(error.getKeywordLocation()).isEqualTo("#/properties/pattern/pattern");
                    assertThat(error.getError()).isEqualTo("String does not match pattern ^C-\\d+$");
                });
    }

    @Test
    void schemasThatDifferOnlyByANullAreCompiledApart() {
        CompiledToolSchemas cache = new CompiledToolSchemas(10);
        Map<String, Object> anything = map("{\"type\":\"object\",\"properties\":{\"x\":{}}}");
        Map<String, Object> onlyNull = new HashMap<>(map("{\"type\":\"object\"}"));
        Map<String, Object> constNull = new HashMap<>();
        constNull.put("const", null);
        onlyNull.put("properties", Map.of("x", constNull));
        assertThat(cache.of(anything).errors(map("{\"x\":1}"))).isEmpty();
        assertThat(cache.of(onlyNull).errors(map("{\"x\":1}"))).isNotEmpty();
        assertThat(cache.compilations()).isEqualTo(2);
    }
}
