package dev.capplanner.contracts.capabilityplans;

import java.util.Map;

/** The capability a step calls and its arguments: each a literal or an operand ({@code {"arg": ...}}, ...). */
public record CapabilityPlanSource(String capability, Map<String, Object> args) {

    public CapabilityPlanSource {
        args = args == null ? Map.of() : args;
    }
}
