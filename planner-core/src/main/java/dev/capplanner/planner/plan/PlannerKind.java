package dev.capplanner.planner.plan;

import java.util.Locale;

/** Which planner made a plan: the legacy rule table or the capability planner (rule "runtime modes"). */
public enum PlannerKind {
    CLASSIC, CAPABILITY;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
