package dev.capplanner.planner.mode;

import java.util.Locale;

/** Rule "runtime modes": classic (the rollback), shadow (classic executes, capability compared), capability. */
public enum PlannerMode {
    CLASSIC, SHADOW, CAPABILITY;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
