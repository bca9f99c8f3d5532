package dev.capplanner.router.evaluation;

import dev.capplanner.router.evaluation.FusionStudy.Dataset;
import dev.capplanner.router.hybrid.HybridRanker;
import dev.capplanner.router.indexing.SourceBoilerplate;
import dev.capplanner.router.keyword.KeywordIndex;
import dev.capplanner.router.ranking.CapabilityRanker;
import dev.capplanner.router.ranking.RankingQuery;
import dev.capplanner.router.rerank.LinearReranker;
import dev.capplanner.router.rerank.PairFeatures;
import dev.capplanner.router.rerank.RerankCandidate;
import dev.capplanner.router.rerank.RerankWeights;
import dev.capplanner.router.rerank.Reranker;
import dev.capplanner.router.semantic.CapabilityEmbeddings;
import dev.capplanner.router.semantic.SemanticIndex;
import dev.capplanner.router.semantic.TextEmbedder;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Whether the hybrid's second stage ({@link LinearReranker}) earns its place, judged as a new catalog
 * would judge it: leave one dataset out. Every dataset is ranked once by the first stage while each
 * part's candidates and their {@link PairFeatures} are recorded with which of them are gold; for each
 * dataset held out, weights are fitted on the others' records ({@link ListwiseFit}) and the held-out
 * questions are ranked again with them. The reranker ships only when it gains recall@8 (the tool
 * measure) on every held-out dataset; the shipped weights are then fitted on all of them.
 */
public final class RerankStudy {

    /**
     * One held-out dataset: the first stage's figures, the reranker's (fitted without it), and the
     * ceiling of any reranker of the same candidates (each part's gold tools moved first).
     */
    public record Fold(String heldOut, int questions, EvaluationResult firstStage, EvaluationResult reranked,
                       EvaluationResult ceiling) {
        public double gain() {
            return reranked.recallAt8() - firstStage.recallAt8();
        }
    }

    /** The study's outcome: the folds, and the weights fitted on every dataset. */
    public record Outcome(List<Fold> folds, RerankWeights weights, Map<String, EvaluationResult> inSample) {
        public boolean gainsEverywhere() {
            return gainEverywhere(folds);
        }
    }

    private final CapabilityEmbeddings embeddings;
    private final PrintStream progress;
    private final ListwiseFit fit;

    /** @param embedder the model; each text is embedded once and remembered across folds */
    public RerankStudy(TextEmbedder embedder, PrintStream progress, ListwiseFit fit) {
        this.embeddings = new CapabilityEmbeddings(FusionStudy.remembering(embedder));
        this.progress = progress;
        this.fit = fit;
    }

    public Outcome run(List<Dataset> datasets, String provenanceDate) {
        Map<String, Indexed> indexed = new LinkedHashMap<>();
        Map<String, List<ListwiseFit.Group>> groups = new LinkedHashMap<>();
        for (Dataset dataset : datasets) {
            Indexed index = Indexed.of(dataset, embeddings);
            indexed.put(dataset.name(), index);
            long started = System.nanoTime();
            groups.put(dataset.name(), record(index));
            progress.printf(Locale.ROOT, "  %s: %d candidate lists with a gold tool among others recorded (%.1f s)%n",
                    dataset.name(), groups.get(dataset.name()).size(), (System.nanoTime() - started) / 1e9);
        }
        List<Fold> folds = new ArrayList<>();
        for (Dataset heldOut : datasets) {
            Map<String, List<ListwiseFit.Group>> training = new LinkedHashMap<>(groups);
            training.remove(heldOut.name());
            double[] weights = fit.fit(training.values());
            Indexed index = indexed.get(heldOut.name());
            EvaluationResult first = index.evaluate((Reranker) null);
            EvaluationResult reranked = index.evaluate(new RerankWeights(true, weights, "fold"));
            folds.add(new Fold(heldOut.name(), first.questions(), first, reranked, index.ceiling()));
            progress.printf(Locale.ROOT, "  held out %s: recall@8 %.3f -> %.3f%n", heldOut.name(),
                    first.recallAt8(), reranked.recallAt8());
        }
        double[] all = fit.fit(groups.values());
        boolean enabled = gainEverywhere(folds);
        String provenance = String.format(Locale.ROOT, "fitted %s on %s; held-out recall@8 gains %s", provenanceDate,
                datasets.stream().map(d -> d.name() + " (" + d.questions().size() + " q)")
                        .collect(Collectors.joining(", ")),
                folds.stream().map(f -> String.format(Locale.ROOT, "%s %+.3f", f.heldOut(), f.gain()))
                        .collect(Collectors.joining(", ")));
        RerankWeights fitted = new RerankWeights(enabled, all, provenance);
        Map<String, EvaluationResult> inSample = new LinkedHashMap<>();
        indexed.forEach((name, index) -> inSample.put(name, index.evaluate(fitted)));
        return new Outcome(folds, fitted, inSample);
    }

    /** The rule for shipping: recall@8 higher on every held-out dataset (equal is no gain). */
    static boolean gainEverywhere(List<Fold> folds) {
        return !folds.isEmpty() && folds.stream().allMatch(fold -> fold.gain() > 0);
    }

    /** The first stage's candidate lists of every question part, with the gold ones marked. */
    private static List<ListwiseFit.Group> record(Indexed index) {
        Recorder recorder = new Recorder(index.features());
        HybridRanker ranker = new HybridRanker(index.keyword(), index.semantic(), HybridRanker.DEFAULT_FUSION, recorder);
        for (GoldQuestion question : index.dataset().questions()) {
            if (question.noFit()) {
                continue;
            }
            recorder.gold = new HashSet<>(question.gold());
            ranker.rank(new RankingQuery(question.question(), List.of(), null), RoutingEvaluation.ROUTER_VIEW);
        }
        return recorder.groups;
    }

    /** The study's report lines: the leave-one-dataset-out table, the verdict, the fitted weights. */
    public static List<String> report(Outcome outcome) {
        List<String> lines = new ArrayList<>();
        lines.add("leave one dataset out (tool measure: every gold tool among the first 8 tools ranked)");
        lines.add(String.format(Locale.ROOT, "%-16s | %9s | %-22s | %-22s | %-8s | %s", "held out", "questions",
                "first stage r@8 / MRR", "reranked r@8 / MRR", "gain r@8", "ceiling r@8 (gold first)"));
        for (Fold fold : outcome.folds()) {
            lines.add(String.format(Locale.ROOT,
                    "%-16s | %9d | %.3f / %.3f          | %.3f / %.3f          | %+.3f   | %.3f",
                    fold.heldOut(), fold.questions(), fold.firstStage().recallAt8(), fold.firstStage().mrr(),
                    fold.reranked().recallAt8(), fold.reranked().mrr(), fold.gain(), fold.ceiling().recallAt8()));
        }
        lines.add("reranker gains on every held-out dataset: " + (outcome.gainsEverywhere() ? "yes" : "no")
                + " -> the router runs it: " + (outcome.weights().enabled() ? "yes" : "no"));
        outcome.inSample().forEach((name, result) -> lines.add(String.format(Locale.ROOT,
                "fitted on all, in sample (not a held-out figure): %s r@8 %.3f MRR %.3f", name, result.recallAt8(),
                result.mrr())));
        outcome.weights().byFeature().forEach((feature, weight) -> lines.add(String.format(Locale.ROOT,
                "  weight %-34s %+.4f", feature, weight)));
        return lines;
    }

    /** One dataset's first-stage indexes and its reranker features. */
    private record Indexed(Dataset dataset, KeywordIndex keyword, SemanticIndex semantic, PairFeatures features) {

        static Indexed of(Dataset dataset, CapabilityEmbeddings embeddings) {
            SourceBoilerplate boilerplate = SourceBoilerplate.of(dataset.capabilities());
            KeywordIndex keyword = KeywordIndex.build(dataset.capabilities(), boilerplate);
            SemanticIndex semantic = SemanticIndex.build(dataset.capabilities(), embeddings, boilerplate);
            return new Indexed(dataset, keyword, semantic, new PairFeatures(boilerplate::description,
                    keyword::documentFrequency, keyword.size()));
        }

        /** The dataset's figures with these weights' reranker, or the first stage alone (null). */
        EvaluationResult evaluate(RerankWeights weights) {
            return evaluate(weights == null ? (Reranker) null : new LinearReranker(features, weights));
        }

        /** The figures a reranker that knew the gold would reach: each part's gold candidates first. */
        EvaluationResult ceiling() {
            Map<String, Set<String>> gold = new java.util.HashMap<>();
            dataset.questions().forEach(q -> gold.computeIfAbsent(q.question(), t -> new HashSet<>()).addAll(q.gold()));
            GoldFirst oracle = new GoldFirst();
            HybridRanker ranker = new HybridRanker(keyword, semantic, HybridRanker.DEFAULT_FUSION, oracle);
            CapabilityRanker told = new CapabilityRanker() {
                @Override
                public List<dev.capplanner.contracts.events.Capability> capabilities() {
                    return ranker.capabilities();
                }

                @Override
                public List<dev.capplanner.router.ranking.RankedCapability> rank(RankingQuery query, int limit) {
                    oracle.gold = gold.getOrDefault(query.question(), Set.of());
                    return ranker.rank(query, limit);
                }
            };
            return new RoutingEvaluation(told, new PrintStream(OutputStream.nullOutputStream()))
                    .evaluate("hybrid", dataset.questions(), 8);
        }

        private EvaluationResult evaluate(Reranker reranker) {
            HybridRanker ranker = new HybridRanker(keyword, semantic, HybridRanker.DEFAULT_FUSION, reranker);
            return new RoutingEvaluation(ranker, new PrintStream(OutputStream.nullOutputStream()))
                    .evaluate("hybrid", dataset.questions(), 8);
        }
    }

    /** Moves the current question's gold candidates first, keeping the first stage's order otherwise. */
    private static final class GoldFirst implements Reranker {
        private Set<String> gold = Set.of();

        @Override
        public List<RerankCandidate> rerank(String question, List<RerankCandidate> candidates) {
            List<RerankCandidate> ordered = new ArrayList<>(candidates.stream()
                    .filter(c -> gold.contains(c.capability().name())).toList());
            candidates.stream().filter(c -> !gold.contains(c.capability().name())).forEach(ordered::add);
            return ordered;
        }
    }

    /** Records each candidate list it is given, in the first stage's order, and changes nothing. */
    private static final class Recorder implements Reranker {
        private final PairFeatures features;
        private final List<ListwiseFit.Group> groups = new ArrayList<>();
        private Set<String> gold = Set.of();

        Recorder(PairFeatures features) {
            this.features = features;
        }

        @Override
        public List<RerankCandidate> rerank(String question, List<RerankCandidate> candidates) {
            boolean[] positive = new boolean[candidates.size()];
            int positives = 0;
            for (int i = 0; i < candidates.size(); i++) {
                positive[i] = gold.contains(candidates.get(i).capability().name());
                positives += positive[i] ? 1 : 0;
            }
            if (positives > 0 && positives < candidates.size()) {
                groups.add(new ListwiseFit.Group(features.of(question, candidates), positive));
            }
            return candidates;
        }
    }
}
