package dev.capplanner.contracts.inputschema;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A capability's input JSON Schema as its parameters: the one reading of {@code properties},
 * {@code required} and the {@value #BIND_MARK} mark, so every service agrees on which parameters a
 * plan may set. A parameter marked {@value #BIND_MARK} is bound by the executor from the trusted run
 * context (the mark's value names the source: {@code tenant}, {@code principal},
 * {@code conversation}, or the session scope's {@code thread}, {@code branch} and {@code object}); it is never required of a planner or model, and a plan that sets it is
 * refused. A mark whose value is not a source name still marks the parameter bound, so a malformed
 * mark denies the call instead of opening the parameter to the plan.
 */
public final class InputSchema {

    public static final String BIND_MARK = "x-capplanner-bind";

    private final Map<String, Object> schema;
    /** Read on first use: most callers ask only for one parameter or for the required names. */
    private List<Parameter> parameters;

    private InputSchema(Map<String, Object> schema) {
        this.schema = schema == null ? Map.of() : schema;
    }

    /** The view of a schema; a null schema declares nothing. */
    public static InputSchema of(Map<String, Object> schema) {
        return new InputSchema(schema);
    }

    /** The declared parameters, in the schema's order. */
    public List<Parameter> parameters() {
        if (parameters == null) {
            List<String> required = required();
            List<Parameter> declared = new ArrayList<>();
            properties().forEach((name, property) -> declared.add(Parameter.of(String.valueOf(name), property,
                    required.contains(String.valueOf(name)))));
            parameters = List.copyOf(declared);
        }
        return parameters;
    }

    public Optional<Parameter> parameter(String name) {
        Map<?, ?> properties = properties();
        return properties.containsKey(name)
                ? Optional.of(Parameter.of(name, properties.get(name), required().contains(name)))
                : Optional.empty();
    }

    private Map<?, ?> properties() {
        return schema.get("properties") instanceof Map<?, ?> properties ? properties : Map.of();
    }

    /** Names the schema lists as required, declared or not. */
    public List<String> required() {
        return schema.get("required") instanceof List<?> names ? names.stream().map(String::valueOf).toList()
                : List.of();
    }

    /** The parameters the executor binds from the run context, by name. */
    public Set<String> boundParameters() {
        return parameters().stream().filter(Parameter::bound).map(Parameter::name)
                .collect(Collectors.toCollection(java.util.LinkedHashSet::new));
    }

    /**
     * The schema with exactly {@code bound}'s parameters (name -> run-context source) marked, and taken
     * out of {@code required}: a mark any other parameter carries (a source's own claim to run context)
     * is removed, since bindings are the operator's alone. Unchanged when nothing is bound and nothing
     * is marked. A name the schema does not declare is left out.
     */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> markBound(Map<String, Object> schema, Map<String, String> bound) {
        if (!(schema.get("properties") instanceof Map<?, ?> properties)
                || bound.isEmpty() && of(schema).boundParameters().isEmpty()) {
            return schema;
        }
        Map<String, Object> marked = new LinkedHashMap<>(schema);
        Map<String, Object> markedProperties = new LinkedHashMap<>((Map<String, Object>) properties);
        markedProperties.replaceAll((parameter, declaration) -> {
            if (!(declaration instanceof Map<?, ?> property)) {
                return declaration;
            }
            Map<String, Object> operatorsOnly = new LinkedHashMap<>((Map<String, Object>) property);
            operatorsOnly.remove(BIND_MARK);
            if (bound.containsKey(parameter)) {
                operatorsOnly.put(BIND_MARK, bound.get(parameter));
            }
            return operatorsOnly;
        });
        marked.put("properties", markedProperties);
        if (schema.get("required") instanceof List<?> required) {
            marked.put("required", required.stream().filter(name -> !bound.containsKey(String.valueOf(name))).toList());
        }
        return marked;
    }

    /** The schema without these parameters (what a planner is shown: never one it may not set). */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> withoutParameters(Map<String, Object> schema, Set<String> names) {
        if (names.isEmpty() || !(schema.get("properties") instanceof Map<?, ?> properties)) {
            return schema;
        }
        Map<String, Object> shown = new LinkedHashMap<>(schema);
        Map<String, Object> shownProperties = new LinkedHashMap<>((Map<String, Object>) properties);
        names.forEach(shownProperties::remove);
        shown.put("properties", shownProperties);
        return shown;
    }

    /** The schema with these parameters no longer required (another step fills them later). */
    public static Map<String, Object> notRequiring(Map<String, Object> schema, Set<String> names) {
        if (names.isEmpty() || !(schema.get("required") instanceof List<?> required)) {
            return schema;
        }
        Map<String, Object> relaxed = new LinkedHashMap<>(schema);
        relaxed.put("required", required.stream().filter(name -> !names.contains(String.valueOf(name))).toList());
        return relaxed;
    }

    /**
     * One declared parameter.
     *
     * @param schema    its own JSON Schema (empty when the declaration is not an object)
     * @param boundFrom the run-context source the executor binds it from; present only on a bound
     *                  parameter whose mark names a source
     */
    public record Parameter(String name, Map<String, Object> schema, boolean required, boolean bound,
                            Optional<String> boundFrom) {

        @SuppressWarnings("unchecked")
        static Parameter of(String name, Object declaration, boolean required) {
            Map<String, Object> schema = declaration instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
            boolean bound = schema.containsKey(BIND_MARK);
            Optional<String> source = schema.get(BIND_MARK) instanceof String named ? Optional.of(named)
                    : Optional.empty();
            return new Parameter(name, schema, required, bound, source);
        }

        /** The values its {@code enum} allows, or none. */
        public List<Object> enumValues() {
            return schema.get("enum") instanceof List<?> values ? java.util.Collections.unmodifiableList(values)
                    : List.of();
        }
    }
}
