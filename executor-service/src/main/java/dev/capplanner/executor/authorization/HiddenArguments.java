package dev.capplanner.executor.authorization;

import dev.capplanner.contracts.inputschema.InputSchema;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Arguments a capability takes from the trusted run context, never from a model: an input schema
 * property marked {@code "x-capplanner-bind": "tenant" | "principal" | "conversation"} is filled
 * with the run's tenant id, user id or conversation id ({@code "thread" | "branch" | "object"}: the
 * session scope the chat backend gave the turn), and a plan that supplies a value for it is refused
 * (a model must not choose whose data is read, nor which thread or object).
 */
public final class HiddenArguments {

    private HiddenArguments() {
    }

    /** The arguments with every hidden one bound, or why the call is refused. */
    public static CallVerdict bind(Map<String, Object> inputSchema, Map<String, Object> arguments,
                                   Map<String, String> runContext) {
        Map<String, Object> bound = new LinkedHashMap<>(arguments);
        for (InputSchema.Parameter parameter : InputSchema.of(inputSchema).parameters()) {
            if (!parameter.bound()) {
                continue;
            }
            if (arguments.containsKey(parameter.name())) {
                return new CallVerdict.Refused(DenialRule.HIDDEN_ARGUMENT, "argument " + parameter.name()
                        + " is bound from the run context and may not be supplied by a plan");
            }
            String value = parameter.boundFrom().map(runContext::get).orElse(null);
            if (value == null) {
                return new CallVerdict.Refused(DenialRule.HIDDEN_ARGUMENT, "argument " + parameter.name()
                        + " binds unknown run context " + parameter.boundFrom().orElse("(no source named)"));
            }
            bound.put(parameter.name(), value);
        }
        return new CallVerdict.Go(bound);
    }
}
