package dev.capplanner.contracts.capabilityplans;

import java.util.Map;

/**
 * One step of a plan: a call of {@code from}'s read-only capability and what is made of its result,
 * by {@code kind}: {@code lookup} (one row; {@code required} fails the plan when there is none),
 * {@code scan} (at most {@code limit} rows, projected by {@code output}), {@code exists} (whether
 * any row is left, after {@code antiJoin} removed those it matches), {@code count}, {@code sum} (of
 * the field {@code value}), {@code invoke} (the capability's whole result) and {@code search} (at
 * most {@code limit} hits). {@code where} filters rows; fields a kind does not use are null.
 */
public record CapabilityPlanStep(
        String name,
        String kind,
        CapabilityPlanSource from,
        Map<String, Object> where,
        Boolean required,
        Map<String, String> output,
        Integer limit,
        CapabilityPlanAntiJoin antiJoin,
        String value) {
}
