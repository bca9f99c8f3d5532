package dev.capplanner.contracts.schema;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parameters the executor binds from the trusted run context (tenant, principal, conversation): in an
 * input schema they are marked {@code x-capplanner-bind} with their source and taken out of
 * {@code required}, so no planner or model is asked for them (and a plan that sets one is refused).
 */
public final class BoundParameters {

    public static final String MARK = "x-capplanner-bind";

    private BoundParameters() {
    }

    /** The schema with each of {@code bound}'s parameters (name -> run-context source) marked; unchanged without any. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> marked(Map<String, Object> schema, Map<String, String> bound) {
        if (bound.isEmpty() || !(schema.get("properties") instanceof Map<?, ?> properties)) {
            return schema;
        }
        Map<String, Object> marked = new LinkedHashMap<>(schema);
        Map<String, Object> markedProperties = new LinkedHashMap<>((Map<String, Object>) properties);
        bound.forEach((parameter, source) -> {
            if (markedProperties.get(parameter) instanceof Map<?, ?> property) {
                Map<String, Object> withSource = new LinkedHashMap<>((Map<String, Object>) property);
                withSource.put(MARK, source);
                markedProperties.put(parameter, withSource);
            }
        });
        marked.put("properties", markedProperties);
        if (schema.get("required") instanceof List<?> required) {
            marked.put("required", required.stream().filter(name -> !bound.containsKey(String.valueOf(name))).toList());
        }
        return marked;
    }
}
