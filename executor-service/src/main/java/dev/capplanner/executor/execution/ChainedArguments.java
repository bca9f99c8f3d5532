package dev.capplanner.executor.execution;

import dev.capplanner.executor.request.CallRequest;
import dev.capplanner.executor.request.OutputReference;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Fills a call's {@code $from} arguments from the outputs of the calls it depends on. A reference
 * resolves only to exactly one value: none means the earlier result does not have it, several mean
 * the user must choose (which row is never guessed). Either way the call is not made.
 */
final class ChainedArguments {

    private ChainedArguments() {
    }

    sealed interface Resolution {
    }

    record Resolved(Map<String, Object> arguments) implements Resolution {
    }

    record Unresolved(String reason) implements Resolution {
    }

    static Resolution resolve(CallRequest call, Map<String, Object> outputs, Map<String, String> toolsById) {
        Map<String, Object> arguments = new LinkedHashMap<>(call.arguments());
        for (Map.Entry<String, OutputReference> entry : call.from().entrySet()) {
            String argument = entry.getKey();
            OutputReference reference = entry.getValue();
            if (!outputs.containsKey(reference.action()) || arguments.containsKey(argument)) {
                return new Unresolved(call.tool() + " was not called: " + argument + " refers to "
                        + reference.action() + ", which has no result to take it from");
            }
            List<Object> values;
            try {
                values = ResultPaths.values(outputs.get(reference.action()), reference.path());
            } catch (IllegalArgumentException e) {
                return new Unresolved(call.tool() + " was not called: " + reference.path() + " is not an output path");
            }
            String source = reference.path() + " of " + toolsById.get(reference.action());
            if (values.isEmpty()) {
                return new Unresolved(call.tool() + " was not called: " + source + " gave no value for " + argument);
            }
            if (values.size() > 1) {
                return new Unresolved(call.tool() + " was not called: " + source + " gave " + values.size()
                        + " values for " + argument + ", a selection is needed");
            }
            arguments.put(argument, values.get(0));
        }
        return new Resolved(arguments);
    }
}
