package dev.capplanner.capabilityplans.language;

import java.util.Map;

/** The read-only capability a step calls, with the operand behind each of its arguments. */
public record Source(String capability, Map<String, Operand> args) {

    public Source {
        args = Map.copyOf(args);
    }
}
