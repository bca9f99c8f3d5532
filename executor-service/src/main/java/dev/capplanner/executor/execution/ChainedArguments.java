package dev.capplanner.executor.execution;

import dev.capplanner.executor.request.CallRequest;
import dev.capplanner.executor.request.OutputReference;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Fills a call's {@code $from} arguments from the outputs of the calls it depends on. A reference
 * resolves to exactly one value; none means the earlier result does not have it, and the call is not
 * made. Several values mean the user must choose (which row is never guessed), unless the fan-out
 * gate lets the call be made once per value (rule "fan-out gate"): the plan says the user asked about
 * several ({@code fanOut}) or the gate does not require it, there are at most its maximum, and only
 * one argument has several values. An argument its schema types as an array (a bulk capability) takes
 * all the values at once, under the same gate.
 */
final class ChainedArguments {

    private ChainedArguments() {
    }

    sealed interface Resolution {
    }

    /** {@code takenRows}: per earlier action, the one row of one of its collections a value was taken from. */
    record Resolved(Map<String, Object> arguments, Map<String, TakenRow> takenRows) implements Resolution {
        Resolved {
            takenRows = Map.copyOf(takenRows);
        }
    }


    /** Why a call was not made, when it is about the targets an earlier step found. */
    enum Targets {
        /** Several: the user must choose one of the source's rows. */
        SEVERAL,
        /** None: the source's result gave no value (whether it matched nothing is the executor's to tell). */
        NONE,
        /** More than the fan-out gate allows at once: the question must be narrowed. */
        TOO_MANY
    }

    /**
     * Not called; {@code targets}, when the reason is the targets the action {@code source} found
     * (null for any other reason, and then {@code source} too), {@code count} of them.
     */
    record Unresolved(String reason, Targets targets, String source, int count) implements Resolution {

        Unresolved(String reason) {
            this(reason, null, null, 0);
        }
    }

    /**
     * Why several values may not all be taken (by one call per value, or by one call with the list):
     * the user must choose (no plurality, or a second argument with several), or there are more than the
     * gate's maximum; null when they may.
     */
    private static Unresolved gated(CallRequest call, FanOutGate gate, String source, String argument, String action,
                                    int count, boolean anotherFansOut) {
        if (count > 1 && (!gate.opensFor(call) || anotherFansOut)) {
            return new Unresolved(call.tool() + " was not called: " + source + " gave " + count + " values for "
                    + argument + ", a selection is needed", Targets.SEVERAL, action, count);
        }
        if (count > gate.maxTargets()) {
            return new Unresolved(call.tool() + " was not called: " + source + " gave " + count + " values for "
                    + argument + ", more than the " + gate.maxTargets() + " it may be called for at once; narrow"
                    + " the question", Targets.TOO_MANY, action, count);
        }
        return null;
    }

    /** One call per value of {@code argument}; {@code source} says where the values came from. */
    record FannedOut(String argument, String source, List<Map<String, Object>> argumentSets) implements Resolution {
    }

    static Resolution resolve(CallRequest call, Map<String, Object> outputs, Map<String, String> toolsById) {
        return resolve(call, outputs, toolsById, FanOutGate.CLOSED);
    }

    static Resolution resolve(CallRequest call, Map<String, Object> outputs, Map<String, String> toolsById,
                              FanOutGate gate) {
        return resolve(call, outputs, toolsById, gate, Set.of());
    }

    /**
     * @param listArguments the call's arguments its input schema types as arrays (a bulk capability's
     *                      {@code orderIds}): such an argument takes every value in one call, under the
     *                      same gate a fan-out passes (the user asked about several, at most its maximum)
     */
    static Resolution resolve(CallRequest call, Map<String, Object> outputs, Map<String, String> toolsById,
                              FanOutGate gate, Set<String> listArguments) {
        Map<String, Object> arguments = new LinkedHashMap<>(call.arguments());
        Map<String, TakenRow> takenRows = new LinkedHashMap<>();
        for (Map.Entry<String, Object> given : call.arguments().entrySet()) {
            // A list the plan names itself (the user's "O-5001, O-5002 and O-5003") is as many targets.
            if (given.getValue() instanceof List<?> targets && targets.size() > gate.maxTargets()) {
                return new Unresolved(call.tool() + " was not called: " + given.getKey() + " names " + targets.size()
                        + " values, more than the " + gate.maxTargets() + " it may be called for at once; narrow"
                        + " the question");
            }
        }
        boolean severalInAList = false;
        String fanArgument = null;
        String fanSource = null;
        List<Object> fanValues = List.of();
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
                return new Unresolved(call.tool() + " was not called: " + source + " gave no value for " + argument,
                        Targets.NONE, reference.action(), 0);
            }
            boolean list = listArguments.contains(argument);
            if (values.size() > 1 || list) {
                Unresolved refused = gated(call, gate, source, argument, reference.action(), values.size(),
                        fanArgument != null || severalInAList);
                if (refused != null) {
                    return refused;
                }
                if (list) {
                    arguments.put(argument, List.copyOf(values));
                    severalInAList |= values.size() > 1;
                } else {
                    fanArgument = argument;
                    fanSource = source;
                    fanValues = values;
                }
                continue;
            }
            arguments.put(argument, values.get(0));
            ResultPaths.rowOf(outputs.get(reference.action()), reference.path()).ifPresent(row -> takenRows.put(
                    reference.action(), new TakenRow(reference.path().substring(0, reference.path().indexOf("[]")), row)));
        }
        if (fanArgument == null) {
            return new Resolved(arguments, takenRows);
        }
        List<Map<String, Object>> sets = new ArrayList<>();
        for (Object value : fanValues) {
            Map<String, Object> set = new LinkedHashMap<>(arguments);
            set.put(fanArgument, value);
            sets.add(set);
        }
        return new FannedOut(fanArgument, fanSource, sets);
    }
}
