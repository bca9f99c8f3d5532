package dev.capplanner.contracts.capabilityplans;

import java.util.Map;

/**
 * An absence check: the step keeps only its rows that no row of {@code from} (filtered by
 * {@code where}) matches on every pair of {@code on} (step row field -> joined row field).
 */
public record CapabilityPlanAntiJoin(CapabilityPlanSource from, Map<String, Object> where, Map<String, String> on) {
}
