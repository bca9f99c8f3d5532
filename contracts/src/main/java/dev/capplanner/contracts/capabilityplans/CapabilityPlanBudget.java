package dev.capplanner.contracts.capabilityplans;

/**
 * What a plan's result may cost the model that reads it (seed: "prefer handles and token budgets
 * when capability output will be passed back into an LLM"). A missing limit takes its default.
 *
 * @param maxOutputTokens        the result's size, estimated at four characters a token
 * @param maxInlineEvidenceItems rows a scan or search keeps inline; the rest is counted (and kept behind a
 *                               handle when handles are preferred)
 * @param maxReasons             reason codes the result lists, in rule order
 * @param preferHandles          keep a scan's complete rows as a selectable artifact and name its handle
 */
public record CapabilityPlanBudget(Integer maxOutputTokens, Integer maxInlineEvidenceItems, Integer maxReasons,
                         Boolean preferHandles) {

    public static final CapabilityPlanBudget DEFAULT = new CapabilityPlanBudget(1200, 5, 4, true);

    public CapabilityPlanBudget {
        maxOutputTokens = maxOutputTokens == null ? 1200 : maxOutputTokens;
        maxInlineEvidenceItems = maxInlineEvidenceItems == null ? 5 : maxInlineEvidenceItems;
        maxReasons = maxReasons == null ? 4 : maxReasons;
        preferHandles = preferHandles == null || preferHandles;
    }
}
