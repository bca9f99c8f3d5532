package dev.capplanner.contracts.events;

import java.util.List;

/**
 * The planner's modes on the wire: {@code classic} (the legacy path executes alone, a real rollback),
 * {@code shadow} (classic executes, the capability plan is only compared), {@code capability} (the
 * validated capability plan executes, falling back to classic per iteration).
 */
public final class PlannerModes {

    public static final String CLASSIC = "classic";
    public static final String SHADOW = "shadow";
    public static final String CAPABILITY = "capability";
    public static final List<String> ALL = List.of(CLASSIC, SHADOW, CAPABILITY);

    private PlannerModes() {
    }

    public static boolean isKnown(String mode) {
        return ALL.contains(mode);
    }
}
