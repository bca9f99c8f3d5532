package dev.capplanner.capabilityplans.language;

/** A compiled rule: when {@code when} holds, {@code decision} with {@code reason}; terminal ends the rules. */
public record Rule(Condition when, String decision, String reason, String detail, boolean terminal) {
}
