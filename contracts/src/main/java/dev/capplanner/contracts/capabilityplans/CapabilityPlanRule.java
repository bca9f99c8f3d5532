package dev.capplanner.contracts.capabilityplans;

import java.util.Map;

/**
 * A rule over the steps' outputs: when {@code when} holds, the decision becomes {@code decision}
 * and {@code reason} (with its {@code detail}) is recorded; a terminal rule ends the evaluation.
 */
public record CapabilityPlanRule(Map<String, Object> when, String decision, String reason, String detail, boolean terminal) {
}
