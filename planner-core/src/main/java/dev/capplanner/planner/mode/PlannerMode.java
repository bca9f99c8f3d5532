package dev.capplanner.planner.mode;

import java.util.Locale;

/** Rule "runtime modes": classic (the rollback), shadow (classic executes, capability compared), capability. */
public enum PlannerMode {
    CLASSIC, SHADOW, CAPABILITY;

    /** The mode of a wire name ({@code classic}, {@code shadow}, {@code capability}). */
    public static PlannerMode fromWire(String name) {
        return valueOf(name.toUpperCase(Locale.ROOT));
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
