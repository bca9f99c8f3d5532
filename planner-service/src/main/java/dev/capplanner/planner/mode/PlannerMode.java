package dev.capplanner.planner.mode;

import java.util.Locale;

/** askmydocs "runtime modes and rollback". */
public enum PlannerMode {
    CLASSIC, SHADOW, CAPABILITY;

    public static PlannerMode parse(String value) {
        try {
            return valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IllegalArgumentException("planner.mode must be classic, shadow or capability, not '" + value + "'");
        }
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
