package dev.capplanner.contracts.plans;

import java.util.Map;

/**
 * A rule over the steps' outputs: when {@code when} holds, the decision becomes {@code decision}
 * and {@code reason} (with its {@code detail}) is recorded; a terminal rule ends the evaluation.
 */
public record PlanRule(Map<String, Object> when, String decision, String reason, String detail, boolean terminal) {
}
