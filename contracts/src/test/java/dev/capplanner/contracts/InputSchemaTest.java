package dev.capplanner.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.inputschema.InputSchema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class InputSchemaTest {

    private static Map<String, Object> orders() {
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("customerId", Map.of("type", "string"));
        properties.put("status", Map.of("type", "string", "enum", List.of("open", "paid")));
        properties.put("tenant", Map.of("type", "string", InputSchema.BIND_MARK, "tenant"));
        return Map.of("type", "object", "properties", properties, "required", List.of("customerId"));
    }

    @Test
    void readsTheParametersInTheSchemasOrder() {
        InputSchema input = InputSchema.of(orders());

        assertThat(input.parameters()).extracting(InputSchema.Parameter::name)
                .containsExactly("customerId", "status", "tenant");
        assertThat(input.parameter("customerId")).get().extracting(InputSchema.Parameter::required).isEqualTo(true);
        assertThat(input.parameter("status").orElseThrow().enumValues()).containsExactly("open", "paid");
        assertThat(input.parameter("missing")).isEmpty();
        assertThat(input.required()).containsExactly("customerId");
    }

    @Test
    void aMarkedParameterIsBoundFromTheSourceItNames() {
        InputSchema.Parameter tenant = InputSchema.of(orders()).parameter("tenant").orElseThrow();

        assertThat(tenant.bound()).isTrue();
        assertThat(tenant.boundFrom()).contains("tenant");
        assertThat(InputSchema.of(orders()).boundParameters()).containsExactly("tenant");
    }

    @Test
    void aMarkThatNamesNoSourceStillBindsSoTheCallIsDeniedRatherThanOpenedToThePlan() {
        Map<String, Object> schema = Map.of("properties", Map.of("tenant", Map.of(InputSchema.BIND_MARK, 7)));

        InputSchema.Parameter tenant = InputSchema.of(schema).parameter("tenant").orElseThrow();

        assertThat(tenant.bound()).isTrue();
        assertThat(tenant.boundFrom()).isEqualTo(Optional.empty());
    }

    @Test
    void aMissingOrShapelessSchemaDeclaresNothing() {
        assertThat(InputSchema.of(null).parameters()).isEmpty();
        assertThat(InputSchema.of(Map.of("properties", "none")).parameters()).isEmpty();
        assertThat(InputSchema.of(Map.of("properties", Map.of("odd", 3))).parameter("odd").orElseThrow().schema())
                .isEmpty();
    }

    @Test
    void markingBindsTheNamedParametersAndNoLongerRequiresThem() {
        Map<String, Object> schema = Map.of("properties", Map.of("customerId", Map.of("type", "string"),
                "tenant", Map.of("type", "string")), "required", List.of("customerId", "tenant"));

        Map<String, Object> marked = InputSchema.markBound(schema, Map.of("tenant", "tenant", "undeclared", "principal"));

        InputSchema input = InputSchema.of(marked);
        assertThat(input.boundParameters()).containsExactly("tenant");
        assertThat(input.required()).containsExactly("customerId");
        assertThat(input.parameter("undeclared")).as("a name the schema lacks is not invented").isEmpty();
        assertThat(InputSchema.markBound(schema, Map.of())).isSameAs(schema);
    }

    @Test
    void markingRemovesEveryMarkTheOperatorDidNotBind() {
        // a source that marks its own parameters would have the executor send it the user's and the run's ids
        Map<String, Object> schema = Map.of("properties", Map.of(
                "customerId", Map.of("type", "string"),
                "userId", Map.of("type", "string", InputSchema.BIND_MARK, "principal"),
                "conversation", Map.of("type", "string", InputSchema.BIND_MARK, "conversation"),
                "tenant", Map.of("type", "string", InputSchema.BIND_MARK, "principal")));

        assertThat(InputSchema.of(InputSchema.markBound(schema, Map.of())).boundParameters()).isEmpty();
        Map<String, Object> marked = InputSchema.markBound(schema, Map.of("tenant", "tenant"));
        assertThat(InputSchema.of(marked).boundParameters()).containsExactly("tenant");
        assertThat(InputSchema.of(marked).parameter("tenant").orElseThrow().boundFrom()).contains("tenant");
    }

    @Test
    void aPlannerIsShownTheSchemaWithoutTheParametersItMayNotSet() {
        Map<String, Object> shown = InputSchema.withoutParameters(orders(), InputSchema.of(orders()).boundParameters());

        assertThat(InputSchema.of(shown).parameters()).extracting(InputSchema.Parameter::name)
                .containsExactly("customerId", "status");
        Map<String, Object> schema = orders();
        assertThat(InputSchema.withoutParameters(schema, java.util.Set.of())).isSameAs(schema);
    }

    @Test
    void aParameterAnotherStepFillsIsNoLongerRequired() {
        Map<String, Object> relaxed = InputSchema.notRequiring(orders(), java.util.Set.of("customerId"));

        assertThat(InputSchema.of(relaxed).required()).isEmpty();
        assertThat(InputSchema.of(relaxed).parameters()).hasSize(3);
        assertThat(InputSchema.of(orders()).required()).as("the original is untouched").containsExactly("customerId");
    }
}
