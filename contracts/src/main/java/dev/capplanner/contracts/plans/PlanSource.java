package dev.capplanner.contracts.plans;

import java.util.Map;

/** The capability a step calls and its arguments: each a literal or an operand ({@code {"arg": ...}}, ...). */
public record PlanSource(String capability, Map<String, Object> args) {

    public PlanSource {
        args = args == null ? Map.of() : args;
    }
}
