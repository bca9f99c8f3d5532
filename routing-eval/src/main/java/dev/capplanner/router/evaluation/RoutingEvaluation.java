package dev.capplanner.router.evaluation;

import dev.capplanner.contracts.events.Candidate;
import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.ranking.CapabilityRanker;
import dev.capplanner.router.ranking.RankedCapability;
import dev.capplanner.router.ranking.RankingQuery;
import dev.capplanner.router.routing.CapabilityRouter;
import dev.capplanner.router.routing.DeterministicRouter;
import dev.capplanner.router.routing.FamilySlots;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Ranks every gold question against one index and measures recall@k, MRR and ranking latency. */
public final class RoutingEvaluation {

    /** The router looks at most at the strongest 40 (rule "router view"), so that is what latency measures. */
    static final int ROUTER_VIEW = 40;

    private final CapabilityRanker index;
    private final PrintStream progress;

    public RoutingEvaluation(CapabilityRanker index, PrintStream progress) {
        this.index = index;
        this.progress = progress;
    }

    /** What one question's ranking gave: the 1-based rank of its last gold tool (0: not in the view), and the view. */
    public record QuestionRanking(GoldQuestion question, int rank, List<String> view) {
    }

    public EvaluationResult evaluate(String strategy, List<GoldQuestion> questions, int k) {
        return evaluate(strategy, questions, k, ranking -> { });
    }

    /** As {@link #evaluate(String, List, int)}, telling {@code onQuestion} each scored question's ranking. */
    public EvaluationResult evaluate(String strategy, List<GoldQuestion> questions, int k,
                                     java.util.function.Consumer<QuestionRanking> onQuestion) {
        List<GoldQuestion> scored = questions.stream().filter(q -> !q.noFit()).toList();
        int hits1 = 0;
        int hits8 = 0;
        int hits40 = 0;
        int hitsK = 0;
        int places8 = 0;
        double reciprocalRanks = 0;
        double[] latencies = new double[scored.size()];
        int done = 0;
        for (GoldQuestion question : scored) {
            RankingQuery query = new RankingQuery(question.question(), List.of(), null);
            long started = System.nanoTime();
            List<RankedCapability> view = index.rank(query, Math.max(ROUTER_VIEW, k));
            latencies[done] = (System.nanoTime() - started) / 1e6;
            int rank = rankOfLastGold(view, question.gold());
            int place = placeOfLastGold(view, question.gold());
            places8 += place > 0 && place <= 8 ? 1 : 0;
            onQuestion.accept(new QuestionRanking(question, rank, view.stream().limit(ROUTER_VIEW)
                    .map(ranked -> ranked.capability().name()).toList()));
            hits1 += rank > 0 && rank <= 1 ? 1 : 0;
            hits8 += rank > 0 && rank <= 8 ? 1 : 0;
            hits40 += rank > 0 && rank <= 40 ? 1 : 0;
            hitsK += rank > 0 && rank <= k ? 1 : 0;
            reciprocalRanks += rank > 0 ? 1.0 / rank : 0;
            done++;
            if (scored.size() >= 10 && done % Math.max(1, scored.size() / 10) == 0) {
                progress.printf("  %s: %d/%d questions%n", strategy, done, scored.size());
            }
        }
        double n = Math.max(1, scored.size());
        Arrays.sort(latencies);
        List<GoldQuestion> noFit = questions.stream().filter(GoldQuestion::noFit).toList();
        DeterministicRouter router = new DeterministicRouter(CapabilityRouter.MAX_CANDIDATES);
        int emptyRoutes = (int) noFit.stream().filter(q -> router.route(new RankingQuery(q.question(), List.of(), null),
                index).candidates().isEmpty()).count();
        return new EvaluationResult(strategy, scored.size(), noFit.size(), emptyRoutes, hits1 / n, hits8 / n,
                hits40 / n, k, hitsK / n, reciprocalRanks / n, percentile(latencies, 0.50), percentile(latencies, 0.99),
                places8 / n);
    }

    /**
     * 1-based rank of the last gold tool among the tools ranked, or 0 when a gold tool is not in the
     * ranking: the tool measure every public tool-retrieval benchmark uses, and what a route of eight
     * tools holds (look-alike members count, see router-core's ToolPlaces).
     */
    static int rankOfLastGold(List<RankedCapability> ranking, List<String> gold) {
        Map<String, Integer> ranks = new HashMap<>();
        for (int i = 0; i < ranking.size(); i++) {
            ranks.putIfAbsent(ranking.get(i).capability().name(), i + 1);
        }
        return lastOf(ranks, gold);
    }

    /**
     * 1-based place of the last gold tool when a look-alike family takes one place with its members
     * listed in it ({@link FamilySlots}), or 0: the grouped "places" figure, printed beside the tool
     * measure and named as such.
     */
    static int placeOfLastGold(List<RankedCapability> ranking, List<String> gold) {
        Map<String, Integer> positions = new HashMap<>();
        List<FamilySlots.Slot> slots = FamilySlots.of(ranking, Candidate.MAX_LOOK_ALIKES);
        for (int i = 0; i < slots.size(); i++) {
            positions.put(slots.get(i).lead().capability().name(), i + 1);
            for (RankedCapability member : slots.get(i).members()) {
                positions.put(member.capability().name(), i + 1);
            }
        }
        return lastOf(positions, gold);
    }

    private static int lastOf(Map<String, Integer> positions, List<String> gold) {
        int last = 0;
        for (String tool : gold) {
            Integer position = positions.get(tool);
            if (position == null) {
                return 0;
            }
            last = Math.max(last, position);
        }
        return last;
    }

    static double percentile(double[] sorted, double p) {
        if (sorted.length == 0) {
            return 0;
        }
        int index = (int) Math.ceil(p * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }

    static List<String> missingGold(List<GoldQuestion> questions, List<Capability> catalog) {
        List<String> missing = new ArrayList<>();
        var names = new java.util.HashSet<String>();
        catalog.forEach(c -> names.add(c.name()));
        for (GoldQuestion question : questions) {
            for (String tool : question.gold()) {
                if (!names.contains(tool)) {
                    missing.add(question.id() + ":" + tool);
                }
            }
        }
        return missing;
    }
}
