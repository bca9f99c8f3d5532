package dev.capplanner.planner.classic;

import dev.capplanner.planner.capability.ArgumentBinder;
import dev.capplanner.planner.plan.CapabilityPlanning;
import dev.capplanner.planner.plan.PlanAttempt;
import dev.capplanner.planner.plan.PlannedCall;
import dev.capplanner.planner.plan.PlannerKind;
import dev.capplanner.planner.plan.PlanningRequest;
import dev.capplanner.planner.plan.Relationship;
import dev.capplanner.planner.plan.ToolPlan;
import dev.capplanner.planner.plan.ToolSpec;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The legacy path the suite replaces (rule "classic, the legacy path"), kept as it was so that
 * {@code classic} mode is a real rollback: the whole authorized catalog at once (the request's tools
 * are the snapshot, not a route), one tool picked by the best keyword match ({@link KeywordMatch};
 * among equal matches, one whose arguments the user gave), its required arguments taken from the
 * current selection or the question, nothing validated, nothing
 * retried, nothing chained. When the best match needs an identifier the user has not given, the legacy
 * agent asks first: it calls the catalog's declared lookup for that identifier and lets the user pick
 * one of the rows ({@code selectionFor}); the next turn, asked with that selection, calls the tool.
 * It knows no tool by name: any catalog works. Capability plans are not part of it: the legacy agent
 * predates them.
 */
public final class ClassicPlanner implements CapabilityPlanning {

    private final ArgumentBinder binder;

    public ClassicPlanner(ArgumentBinder binder) {
        this.binder = binder;
    }

    @Override
    public PlanAttempt plan(PlanningRequest request) {
        // The legacy agent predates capability plans: it knows the catalog's routes and tools only.
        List<ToolSpec> catalog = request.routed().stream().filter(ToolSpec::readOnly)
                .filter(tool -> !tool.decides()).toList();
        Map<String, ToolSpec> byName = catalog.stream()
                .collect(Collectors.toMap(ToolSpec::name, Function.identity(), (first, second) -> first));
        List<KeywordMatch.Match> ranked = new KeywordMatch(catalog).ranked(request.question());
        for (int first = 0; first < ranked.size(); ) {
            // Equally good matches: one the user gave all it needs wins over one that must look up first.
            List<ToolSpec> tied = tiedWith(ranked, first);
            first += tied.size();
            for (ToolSpec tool : tied) {
                Optional<Map<String, Object>> arguments = binder.bind(tool, request.question(), request.selection());
                if (arguments.isPresent()) {
                    return PlanAttempt.of(ToolPlan.actions(PlannerKind.CLASSIC,
                            List.of(PlannedCall.of("a1", tool.name(), arguments.get()))));
                }
            }
            for (ToolSpec tool : tied) {
                Optional<ToolPlan> lookup = lookupFirst(tool, request, byName);
                if (lookup.isPresent()) {
                    return PlanAttempt.of(lookup.get());
                }
            }
        }
        return PlanAttempt.of(ToolPlan.insufficient(PlannerKind.CLASSIC,
                "no tool of the catalog matches the question's words with the arguments the user gave"));
    }

    private static List<ToolSpec> tiedWith(List<KeywordMatch.Match> ranked, int first) {
        double score = ranked.get(first).score();
        return ranked.subList(first, ranked.size()).stream().takeWhile(m -> m.score() == score)
                .map(KeywordMatch.Match::tool).toList();
    }

    /** The declared lookup of an input the tool lacks, callable with what the user gave; its rows are offered. */
    private Optional<ToolPlan> lookupFirst(ToolSpec tool, PlanningRequest request, Map<String, ToolSpec> byName) {
        for (String input : tool.requiredInputs()) {
            if (binder.bindOne(tool, input, request.question(), request.selection()).isPresent()) {
                continue;
            }
            for (Relationship source : tool.inputsFrom()) {
                ToolSpec provider = byName.get(source.provider());
                if (!source.input().equals(input) || provider == null || provider.name().equals(tool.name())) {
                    continue;
                }
                Optional<Map<String, Object>> arguments = binder.bind(provider, request.question(), request.selection());
                if (arguments.isPresent()) {
                    return Optional.of(new ToolPlan.Actions(PlannerKind.CLASSIC,
                            List.of(PlannedCall.of("a1", provider.name(), arguments.get()))).selectingFor(tool.name()));
                }
            }
        }
        return Optional.empty();
    }
}
