package dev.capplanner.reports.shadow;

import java.util.List;
import java.util.Locale;

/**
 * What a comparison says at a glance, computed once when it is stored (rule "report signals"):
 * <ul>
 *   <li>{@code divergenceKind}: {@code none} (the plans agree), {@code outcome} (one plans calls,
 *   the other gives up, asks for help or refuses), {@code tools} (other tools or another order),
 *   {@code arguments} (the same tools with other arguments);</li>
 *   <li>{@code corrected}: the capability planner's model needed its one correction;</li>
 *   <li>{@code invalidPlan}: its plan was still invalid after it (no capability plan);</li>
 *   <li>{@code prematureAvoided}: classic gave up where the capability plan has calls;</li>
 *   <li>{@code capabilityGaveUp}: the capability plan gave up where classic has calls;</li>
 *   <li>{@code proposalOutsideRoute}: the capability planner proposed a tool the route did not hold
 *   (the route holds only what the principal may call, read-only), an unauthorized or mutative
 *   proposal: in its plan, or in a model's answer it refused before its correction;</li>
 *   <li>{@code baseline}: an A/A comparison, the legacy path against a second run of itself (its
 *   compared plan is classic's): the agreement noise baseline, not a capability comparison.</li>
 * </ul>
 * The planner's notes and reasons are matched by the words it writes them with ("llm plan corrected",
 * "llm plan invalid").
 */
public record ReportSignals(String divergenceKind, boolean corrected, boolean invalidPlan, boolean prematureAvoided,
                           boolean capabilityGaveUp, boolean proposalOutsideRoute, boolean baseline) {

    public static final List<String> KINDS = List.of("none", "outcome", "tools", "arguments");

    public static ReportSignals of(boolean agreement, PlanShape classic, PlanShape capability, List<String> candidates,
                                   String plannerNote, String fallbackReason) {
        return of(agreement, classic, capability, candidates, plannerNote, fallbackReason, null);
    }

    /** @param rejectedProposals tools outside the route the planner's model named in answers it refused, or null */
    public static ReportSignals of(boolean agreement, PlanShape classic, PlanShape capability, List<String> candidates,
                                   String plannerNote, String fallbackReason, List<String> rejectedProposals) {
        String kind = agreement ? "none"
                : !classic.outcome().equals(capability.outcome()) ? "outcome"
                : !classic.tools().equals(capability.tools()) ? "tools" : "arguments";
        boolean corrected = startsWith(plannerNote, "llm plan corrected");
        boolean invalid = startsWith(plannerNote, "llm plan invalid") || startsWith(capability.reason(), "llm plan invalid")
                || contains(fallbackReason, "llm plan invalid");
        boolean baseline = "classic".equals(capability.planner());
        boolean outsideRoute = !baseline && (capability.tools().stream().anyMatch(tool -> !candidates.contains(tool))
                || (rejectedProposals != null && rejectedProposals.stream().anyMatch(tool -> !candidates.contains(tool))));
        return new ReportSignals(kind, corrected, invalid, !classic.hasActions() && "insufficient".equals(classic.outcome())
                && capability.hasActions(), "insufficient".equals(capability.outcome()) && !invalid && classic.hasActions(),
                outsideRoute, baseline);
    }

    private static boolean startsWith(String text, String prefix) {
        return text != null && text.toLowerCase(Locale.ROOT).startsWith(prefix);
    }

    private static boolean contains(String text, String part) {
        return text != null && text.toLowerCase(Locale.ROOT).contains(part);
    }
}
