package dev.capplanner.planning.evaluation;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.Endpoint;
import dev.capplanner.planner.llm.PlannerPrompt;
import dev.capplanner.planner.llm.PromptTokens;
import dev.capplanner.planner.plan.PlanningRequest;
import dev.capplanner.planner.plan.ToolSpec;
import dev.capplanner.planner.routed.RoutedTools;
import dev.capplanner.router.ranking.CapabilityRanker;
import dev.capplanner.router.ranking.RankingQuery;
import dev.capplanner.router.routing.CapabilityRouter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The LLM planner's prompt over the routed candidates against the full-catalog baseline (every
 * authorized capability's schema in the prompt, rendered the same way): the same system message, the
 * same question and run facts, only the tools differ.
 */
public final class PromptTokenBudget {

    /** One catalog size: prompt tokens per question over the route (p50, p95), the baseline, and the ratio. */
    public record Measurement(int capabilities, int questions, int routedP50, int routedP95, long baseline) {

        public double ratioP50() {
            return (double) routedP50 / baseline;
        }
    }

    private final PromptTokens tokens;

    public PromptTokenBudget(PromptTokens tokens) {
        this.tokens = tokens;
    }

    public Measurement measure(List<Capability> catalog, CapabilityRanker ranker, CapabilityRouter router,
                               List<String> questions) {
        int[] routed = new int[questions.size()];
        for (int i = 0; i < questions.size(); i++) {
            List<ToolSpec> candidates = router.route(new RankingQuery(questions.get(i), List.of(), null), ranker)
                    .candidates().stream()
                    .flatMap(c -> RoutedTools.slot(c.capability(), c.lookAlikes(), c.score() > 0).stream()).toList();
            routed[i] = promptTokens(questions.get(i), candidates);
        }
        Arrays.sort(routed);
        long baseline = promptTokens(questions.get(0),
                catalog.stream().map(c -> RoutedTools.toolSpec(c, true)).toList());
        return new Measurement(catalog.size(), questions.size(), routed[(int) Math.ceil(0.5 * routed.length) - 1],
                routed[(int) Math.ceil(0.95 * routed.length) - 1], baseline);
    }

    private int promptTokens(String question, List<ToolSpec> tools) {
        PlanningRequest request = new PlanningRequest(question, List.of(), null, tools,
                Map.of("project", "support-desk", "roles", List.of("support-agent")), List.of(), false);
        return tokens.count(PlannerPrompt.SYSTEM) + tokens.count(PlannerPrompt.user(request));
    }

    /**
     * A catalog of {@code size} capabilities from a real one: its tools as they are, then copies of
     * them under other providers' names (the look-alike families large catalogs hold), so schemas and
     * descriptions keep their real size.
     */
    public static List<Capability> scaled(List<Capability> source, int size) {
        List<Capability> scaled = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            Capability tool = source.get(i % source.size());
            int copy = i / source.size();
            if (copy == 0) {
                scaled.add(tool);
                continue;
            }
            String provider = "provider" + copy;
            scaled.add(new Capability(tool.name() + "~" + provider, tool.kind(), tool.family() + "-" + provider,
                    tool.entity(), tool.operation(), tool.description(), tool.aliases(), true,
                    new Endpoint(tool.endpoint().service() + "-" + provider, tool.endpoint().method(),
                            tool.endpoint().path()), tool.inputSchema(), tool.outputCollectionPath(), tool.outputPaths(),
                    tool.inputsFrom(), tool.outputSchema()));
        }
        return scaled;
    }
}
