package dev.capplanner.reports.shadow;

/**
 * What the promotion gate is evaluated from, for one tenant and time window: every count is over the
 * shadow reports in that window (and their call counts and reviews).
 *
 * @param reports                   comparisons stored
 * @param invalidPlans              capability plans still invalid after the model's one correction
 * @param proposalsOutsideRoute     capability plans naming a tool the route did not hold
 * @param capabilityCallsDenied     executed capability iterations with a call the last mile refused
 * @param capabilityGaveUp          capability plans that gave up where classic found calls
 * @param unlabelledGaveUp          of those, the ones no analyst labelled (classic is the only reference)
 * @param labelledCases             reports an analyst labelled (the newest label of each counts)
 * @param labelledPrematureInsufficient labelled cases expected to plan calls whose capability plan gave up
 * @param labelledMisplanned        labelled cases whose capability plan has another outcome, or other
 *                                  tools or another order than the label names
 * @param divergences               reports whose plans disagree
 * @param unreviewedDivergences     of those, the ones without a verdict
 * @param goldenReports             reports of golden-scenario conversations
 * @param goldenFailing             of those, invalid, giving up, or diverging without an expected/improvement verdict
 * @param shadowReports             reports of turns in shadow mode
 * @param shadowObserved            of those, with the executor's call counts
 * @param shadowCapabilityExecuted  of those, whose executed plan was the capability planner's
 */
public record GateCounts(long reports, long invalidPlans, long proposalsOutsideRoute, long capabilityCallsDenied,
                         long capabilityGaveUp, long divergences, long unreviewedDivergences, long goldenReports,
                         long goldenFailing, long shadowReports, long shadowObserved, long shadowCapabilityExecuted,
                         long unlabelledGaveUp, long labelledCases, long labelledPrematureInsufficient,
                         long labelledMisplanned) {

    /** Counts of a window without labelled cases: classic is the only reference. */
    public GateCounts(long reports, long invalidPlans, long proposalsOutsideRoute, long capabilityCallsDenied,
                      long capabilityGaveUp, long divergences, long unreviewedDivergences, long goldenReports,
                      long goldenFailing, long shadowReports, long shadowObserved, long shadowCapabilityExecuted) {
        this(reports, invalidPlans, proposalsOutsideRoute, capabilityCallsDenied, capabilityGaveUp, divergences,
                unreviewedDivergences, goldenReports, goldenFailing, shadowReports, shadowObserved,
                shadowCapabilityExecuted, capabilityGaveUp, 0, 0, 0);
    }
}
