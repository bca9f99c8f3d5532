package dev.capplanner.reports.shadow;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The seed's six promotion criteria and one for labelled cases, evaluated from stored data (rule
 * "promotion gate"); each passes or fails with the evidence it was decided on, and the gate passes
 * only when all do:
 * <ol>
 *   <li>{@code golden-scenarios}: golden-scenario conversations were replayed in the window and none
 *   of their comparisons is invalid, gives up, or diverges without an expected/improvement verdict;</li>
 *   <li>{@code no-mutative-or-unauthorized-proposal}: no capability plan named a tool outside its
 *   route (which holds only authorized reads), and no executed capability call was refused;</li>
 *   <li>{@code no-invalid-schema-plan}: at least {@code minEligibleTurns} comparisons, none invalid;</li>
 *   <li>{@code no-premature-insufficient}: no labelled live-data case expected to plan calls got a
 *   capability plan that gave up, and no unlabelled one gave up where classic found calls (a label,
 *   where one exists, is the reference, not the legacy plan);</li>
 *   <li>{@code labelled-cases-planned-as-labelled}: at least {@code minLabelledCases} labelled cases,
 *   and every one's capability plan has the labelled outcome and, when the label names them, the
 *   labelled tools in order;</li>
 *   <li>{@code shadow-executed-nothing}: the executor's counters, for every observed shadow turn, show
 *   only classic's calls;</li>
 *   <li>{@code divergences-reviewed}: every divergence has a verdict.</li>
 * </ol>
 */
public final class PromotionGate {

    /** One criterion's result and the figures behind it. */
    public record Criterion(String name, boolean pass, Map<String, Long> evidence) {
    }

    /** The gate for one tenant and window: passes only when every criterion does. */
    public record Evaluation(String tenantId, boolean pass, List<Criterion> criteria) {
    }

    private PromotionGate() {
    }

    public static Evaluation evaluate(String tenantId, GateCounts c, int minEligibleTurns, int minLabelledCases) {
        List<Criterion> criteria = List.of(
                criterion("golden-scenarios", c.goldenReports() > 0 && c.goldenFailing() == 0,
                        "goldenReports", c.goldenReports(), "goldenFailing", c.goldenFailing()),
                criterion("no-mutative-or-unauthorized-proposal",
                        c.proposalsOutsideRoute() == 0 && c.capabilityCallsDenied() == 0,
                        "proposalsOutsideRoute", c.proposalsOutsideRoute(), "capabilityCallsDenied",
                        c.capabilityCallsDenied()),
                criterion("no-invalid-schema-plan", c.reports() >= minEligibleTurns && c.invalidPlans() == 0,
                        "eligibleTurns", c.reports(), "required", (long) minEligibleTurns, "invalidPlans",
                        c.invalidPlans()),
                criterion("no-premature-insufficient",
                        c.labelledPrematureInsufficient() == 0 && c.unlabelledGaveUp() == 0,
                        "capabilityGaveUp", c.capabilityGaveUp(), "labelledCases", c.labelledCases(),
                        "labelledPrematureInsufficient", c.labelledPrematureInsufficient(),
                        "unlabelledGaveUp", c.unlabelledGaveUp()),
                criterion("labelled-cases-planned-as-labelled",
                        c.labelledCases() >= minLabelledCases && c.labelledMisplanned() == 0,
                        "labelledCases", c.labelledCases(), "required", (long) minLabelledCases,
                        "misplanned", c.labelledMisplanned()),
                criterion("shadow-executed-nothing", c.shadowObserved() > 0 && c.shadowCapabilityExecuted() == 0,
                        "shadowReports", c.shadowReports(), "shadowObserved", c.shadowObserved(),
                        "shadowCapabilityExecuted", c.shadowCapabilityExecuted()),
                criterion("divergences-reviewed", c.unreviewedDivergences() == 0,
                        "divergences", c.divergences(), "unreviewed", c.unreviewedDivergences()));
        return new Evaluation(tenantId, criteria.stream().allMatch(Criterion::pass), criteria);
    }

    private static Criterion criterion(String name, boolean pass, Object... evidence) {
        Map<String, Long> figures = new LinkedHashMap<>();
        for (int i = 0; i < evidence.length; i += 2) {
            figures.put((String) evidence[i], (Long) evidence[i + 1]);
        }
        return new Criterion(name, pass, figures);
    }
}
