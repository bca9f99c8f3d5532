package dev.capplanner.capabilityplans.execution;

import java.util.Map;

/**
 * What one run of a plan starts from: the caller's arguments (as the planner filled them) and the
 * trusted run context its hidden arguments are bound from ({@code tenant}, {@code project},
 * {@code principal}, {@code conversation}, {@code run}, and {@code thread}, {@code branch} and
 * {@code object} when the turn's session scope names them).
 */
public record CapabilityPlanInput(Map<String, Object> arguments, Map<String, String> runContext) {

    public CapabilityPlanInput {
        arguments = Map.copyOf(arguments);
        runContext = Map.copyOf(runContext);
    }
}
