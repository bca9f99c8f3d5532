package dev.capplanner.planning.evaluation;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.CapabilityNames;
import dev.capplanner.contracts.events.Selection;
import dev.capplanner.planner.plan.CapabilityPlanning;
import dev.capplanner.planner.plan.PlannedCall;
import dev.capplanner.planner.plan.PlanningRequest;
import dev.capplanner.planner.plan.SelectedRow;
import dev.capplanner.planner.plan.ToolPlan;
import dev.capplanner.planner.plan.ToolSpec;
import dev.capplanner.planner.routed.RoutedTools;
import dev.capplanner.router.ranking.CapabilityRanker;
import dev.capplanner.router.ranking.RankingQuery;
import dev.capplanner.router.routing.CapabilityRouter;
import dev.capplanner.router.routing.Route;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Routes each gold question over one catalog (router-core, as router-service does: at most
 * {@link CapabilityRouter#MAX_CANDIDATES}, finders of required identifiers added) and plans it with
 * the deterministic capability planner behind the request classifier (planner-core, as planner-service
 * does). A plan is exact when it calls the expected tools in the expected order with exactly the
 * expected arguments of its own (values chained with {@code $from} are the validator's to check, hidden
 * ones the executor's to bind), or plans no call where the gold says {@code insufficient}: an
 * insufficient plan, or a command refused ("cancel order O-5012": this suite only reads).
 */
public final class PlanningEvaluation {

    private final CapabilityRanker ranker;
    private final CapabilityRouter router;
    private final CapabilityPlanning planner;

    public PlanningEvaluation(CapabilityRanker ranker, CapabilityRouter router, CapabilityPlanning planner) {
        this.ranker = ranker;
        this.router = router;
        this.planner = planner;
    }

    public PlanningResult evaluate(List<PlanningGoldQuestion> questions) {
        List<PlanningResult.Graded> graded = new ArrayList<>();
        for (PlanningGoldQuestion question : questions) {
            PlanningRequest request = request(question);
            List<String> routed = request.routed().stream().map(tool -> CapabilityNames.sourceName(tool.name())).toList();
            graded.add(grade(question, planner.plan(request).plan(), routed));
        }
        return new PlanningResult(graded);
    }

    ToolPlan plan(PlanningGoldQuestion question) {
        return planner.plan(request(question)).plan();
    }

    /** The question routed as router-service routes it, as the planner receives it. */
    PlanningRequest request(PlanningGoldQuestion question) {
        Selection selection = question.selection() == null ? null : new Selection(
                String.valueOf(question.selection().get("capability")), String.valueOf(question.selection().get("entity")),
                row(question.selection()));
        Route route = router.route(new RankingQuery(question.question(), List.of(), selection), ranker);
        List<ToolSpec> routed = route.candidates().stream().flatMap(candidate -> RoutedTools.slot(
                candidate.capability(), candidate.lookAlikes(), candidate.score() > 0).stream()).toList();
        SelectedRow selected = selection == null ? null : new SelectedRow(selection.entity(), selection.row());
        return PlanningRequest.of(question.question(), selected, routed);
    }

    static PlanningResult.Graded grade(PlanningGoldQuestion question, ToolPlan plan) {
        return grade(question, plan, List.of());
    }

    static PlanningResult.Graded grade(PlanningGoldQuestion question, ToolPlan plan, List<String> routed) {
        List<String> tools = plan.actions().stream().map(call -> CapabilityNames.sourceName(call.tool())).toList();
        List<String> expectedTools = question.plan().stream().map(PlanningGoldQuestion.ExpectedCall::tool).toList();
        String noPlan = plan instanceof ToolPlan.Insufficient ? "insufficient"
                : plan instanceof ToolPlan.Refused ? "refused" : null;
        boolean sameTools = question.expectsInsufficient() ? noPlan != null : tools.equals(expectedTools);
        boolean sameArguments = sameTools && sameArguments(question.plan(), plan.actions());
        String reason = plan instanceof ToolPlan.Insufficient insufficient ? insufficient.reason()
                : plan instanceof ToolPlan.Refused refused ? refused.reason() : null;
        List<String> calls = plan.actions().stream().map(call -> CapabilityNames.sourceName(call.tool())
                + (call.arguments().isEmpty() ? "" : normalized(call.arguments()))).toList();
        return new PlanningResult.Graded(question, noPlan != null ? List.of(noPlan) : tools, sameTools,
                sameArguments, reason, noPlan != null ? List.of(noPlan) : calls, routed);
    }

    private static boolean sameArguments(List<PlanningGoldQuestion.ExpectedCall> expected, List<PlannedCall> calls) {
        for (int i = 0; i < expected.size(); i++) {
            if (!normalized(expected.get(i).args()).equals(normalized(calls.get(i).arguments()))) {
                return false;
            }
        }
        return true;
    }

    /** Numbers compare by value (a JSON 1 and a planner's 1L are the same argument). */
    private static Map<String, String> normalized(Map<String, Object> arguments) {
        Map<String, String> normalized = new LinkedHashMap<>();
        arguments.forEach((name, value) -> normalized.put(name, value instanceof Number number
                ? new java.math.BigDecimal(number.toString()).stripTrailingZeros().toPlainString()
                : String.valueOf(value)));
        return normalized;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> row(Map<String, Object> selection) {
        return selection.get("row") instanceof Map<?, ?> row ? (Map<String, Object>) row : Map.of();
    }

    /** The capability names a catalog holds, for a gold file that names one it does not. */
    static List<String> unknownTools(List<PlanningGoldQuestion> questions, List<Capability> catalog) {
        java.util.Set<String> names = new java.util.HashSet<>();
        catalog.forEach(c -> names.add(CapabilityNames.sourceName(c.name())));
        List<String> unknown = new ArrayList<>();
        questions.forEach(q -> q.plan().stream().filter(call -> !names.contains(call.tool()))
                .forEach(call -> unknown.add(q.id() + ":" + call.tool())));
        return unknown;
    }
}
