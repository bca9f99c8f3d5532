package dev.capplanner.executor.authorization;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Arguments a capability takes from the trusted run context, never from a model: an input schema
 * property marked {@code "x-capplanner-bind": "tenant" | "principal" | "conversation"} is filled
 * with the run's tenant id, user id or conversation id, and a plan that supplies a value for it is
 * refused (a model must not choose whose data is read).
 */
public final class HiddenArguments {

    public static final String BIND = "x-capplanner-bind";

    private HiddenArguments() {
    }

    /** The arguments with every hidden one bound, or why the call is refused. */
    public static CallVerdict bind(Map<String, Object> inputSchema, Map<String, Object> arguments,
                                   Map<String, String> runContext) {
        Map<String, Object> bound = new LinkedHashMap<>(arguments);
        for (Map.Entry<String, Object> property : properties(inputSchema).entrySet()) {
            Optional<String> source = bindingOf(property.getValue());
            if (source.isEmpty()) {
                continue;
            }
            if (arguments.containsKey(property.getKey())) {
                return new CallVerdict.Refused(DenialRule.HIDDEN_ARGUMENT, "argument " + property.getKey()
                        + " is bound from the run context and may not be supplied by a plan");
            }
            String value = runContext.get(source.get());
            if (value == null) {
                return new CallVerdict.Refused(DenialRule.HIDDEN_ARGUMENT, "argument " + property.getKey() + " binds unknown run context "
                        + source.get());
            }
            bound.put(property.getKey(), value);
        }
        return new CallVerdict.Go(bound);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> properties(Map<String, Object> schema) {
        Object properties = schema == null ? null : schema.get("properties");
        return properties instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
    }

    private static Optional<String> bindingOf(Object property) {
        if (property instanceof Map<?, ?> map && map.get(BIND) instanceof String source) {
            return Optional.of(source);
        }
        return Optional.empty();
    }
}
