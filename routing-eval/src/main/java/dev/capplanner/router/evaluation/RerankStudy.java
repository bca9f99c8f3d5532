package dev.capplanner.router.evaluation;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.evaluation.FusionStudy.Dataset;
import dev.capplanner.router.hybrid.HybridRanker;
import dev.capplanner.router.indexing.SourceBoilerplate;
import dev.capplanner.router.keyword.KeywordIndex;
import dev.capplanner.router.ranking.CapabilityRanker;
import dev.capplanner.router.ranking.RankedCapability;
import dev.capplanner.router.ranking.RankingQuery;
import dev.capplanner.router.rerank.LinearReranker;
import dev.capplanner.router.rerank.RerankCandidate;
import dev.capplanner.router.rerank.RerankFeatures;
import dev.capplanner.router.rerank.RerankQuery;
import dev.capplanner.router.rerank.RerankWeights;
import dev.capplanner.router.rerank.Reranker;
import dev.capplanner.router.semantic.CapabilityEmbeddings;
import dev.capplanner.router.semantic.SemanticIndex;
import dev.capplanner.router.semantic.TextEmbedder;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
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
 * part's candidates and their {@link RerankFeatures} are recorded with which of them are gold (every gold
 * tool of the question counts as gold in every part's list: a part does not say which tool is its
 * own); for each dataset held out, weights are fitted on the others' records only and the held-out
 * questions are ranked again with them. The reranker ships only when it gains recall@8 (the tool
 * measure) on every held-out dataset; the shipped weights are then fitted on all of them. The features
 * are the router's own ({@link RerankFeatures}, its token-level ones from the same model and cache).
 */
public final class RerankStudy {

    /** Fits weights to candidate lists, one collection per training dataset. */
    @FunctionalInterface
    public interface Fitter {
        double[] fit(Collection<List<ListwiseFit.Group>> datasets);
    }

    /**
     * One held-out dataset: the first stage's figures, the reranker's (fitted without it), and the
     * ceiling of any reranker of the same candidates (each part's gold tools moved first).
     */
    public record Fold(String heldOut, EvaluationResult firstStage, EvaluationResult reranked,
                       EvaluationResult ceiling) {
        public double gain() {
            return reranked.recallAt8() - firstStage.recallAt8();
        }
    }

    /**
     * The study's outcome: the folds, the weights fitted on every dataset (named, in feature order) with
     * their provenance, and those weights' in-sample figures.
     */
    public record Outcome(List<Fold> folds, List<String> features, double[] weights, String provenance,
                          Map<String, EvaluationResult> inSample) {
        public boolean gainsEverywhere() {
            return gainEverywhere(folds);
        }

        /** The router's weights file. */
        public RerankWeights routerWeights() {
            return new RerankWeights(gainsEverywhere(), weights, provenance);
        }
    }

    private final CapabilityEmbeddings embeddings;
    private final PrintStream progress;
    private final Fitter fit;

    /** @param embedder the model; each text is embedded once and remembered across folds */
    public RerankStudy(TextEmbedder embedder, PrintStream progress, Fitter fit) {
        this.embeddings = new CapabilityEmbeddings(FusionStudy.remembering(embedder),
                CapabilityEmbeddings.DEFAULT_CAPACITY, STUDY_TOKEN_BYTES);
        this.progress = progress;
        this.fit = fit;
    }

    /** Every catalog's token vectors stay held across folds (the router holds at most 48 MiB of them). */
    private static final long STUDY_TOKEN_BYTES = 1L << 30;

    public Outcome run(List<Dataset> datasets, String provenanceDate) {
        Map<String, Indexed> indexed = new LinkedHashMap<>();
        Map<String, List<ListwiseFit.Group>> groups = new LinkedHashMap<>();
        for (Dataset dataset : datasets) {
            Indexed index = Indexed.of(dataset, embeddings);
            indexed.put(dataset.name(), index);
            long started = System.nanoTime();
            groups.put(dataset.name(), index.record());
            progress.printf(Locale.ROOT, "  %s: %d candidate lists with a gold tool among others recorded (%.1f s)%n",
                    dataset.name(), groups.get(dataset.name()).size(), (System.nanoTime() - started) / 1e9);
        }
        List<Fold> folds = new ArrayList<>();
        for (Dataset heldOut : datasets) {
            Map<String, List<ListwiseFit.Group>> training = new LinkedHashMap<>(groups);
            training.remove(heldOut.name());
            double[] weights = fit.fit(training.values());
            Indexed index = indexed.get(heldOut.name());
            EvaluationResult first = index.evaluate((double[]) null);
            EvaluationResult reranked = index.evaluate(weights);
            folds.add(new Fold(heldOut.name(), first, reranked, index.ceiling()));
            progress.printf(Locale.ROOT, "  held out %s: recall@8 %.3f -> %.3f%n", heldOut.name(),
                    first.recallAt8(), reranked.recallAt8());
        }
        double[] all = fit.fit(groups.values());
        String provenance = String.format(Locale.ROOT, "fitted %s on %s; held-out recall@8 gains %s", provenanceDate,
                datasets.stream().map(d -> d.name() + " (" + d.questions().size() + " q)")
                        .collect(Collectors.joining(", ")),
                folds.stream().map(f -> String.format(Locale.ROOT, "%s %+.4f", f.heldOut(), f.gain()))
                        .collect(Collectors.joining(", ")));
        Map<String, EvaluationResult> inSample = new LinkedHashMap<>();
        indexed.forEach((name, index) -> inSample.put(name, index.evaluate(all)));
        return new Outcome(folds, RerankFeatures.NAMES, all, provenance, inSample);
    }

    /** The rule for shipping: recall@8 higher on every held-out dataset (equal is no gain). */
    static boolean gainEverywhere(List<Fold> folds) {
        return !folds.isEmpty() && folds.stream().allMatch(fold -> fold.gain() > 0);
    }

    /** The study's report lines: the leave-one-dataset-out table, the verdict, the fitted weights. */
    public static List<String> report(Outcome outcome) {
        List<String> lines = new ArrayList<>();
        lines.add("leave one dataset out (tool measure: every gold tool among the first 8 tools ranked)");
        lines.add(String.format(Locale.ROOT, "%-16s | %9s | %-22s | %-22s | %-8s | %s", "held out", "questions",
                "first stage r@8 / MRR", "reranked r@8 / MRR", "gain r@8", "ceiling r@8 (gold first)"));
        for (Fold fold : outcome.folds()) {
            lines.add(String.format(Locale.ROOT,
                    "%-16s | %9d | %.3f / %.3f          | %.3f / %.3f          | %+.4f  | %.3f",
                    fold.heldOut(), fold.firstStage().questions(), fold.firstStage().recallAt8(),
                    fold.firstStage().mrr(), fold.reranked().recallAt8(), fold.reranked().mrr(), fold.gain(),
                    fold.ceiling().recallAt8()));
        }
        lines.add("reranker gains on every held-out dataset: " + (outcome.gainsEverywhere() ? "yes" : "no")
                + " -> the router runs it: " + (outcome.gainsEverywhere() ? "yes" : "no"));
        outcome.inSample().forEach((name, result) -> lines.add(String.format(Locale.ROOT,
                "fitted on all, in sample (not a held-out figure): %s r@8 %.3f MRR %.3f", name, result.recallAt8(),
                result.mrr())));
        for (int i = 0; i < outcome.features().size(); i++) {
            lines.add(String.format(Locale.ROOT, "  weight %-34s %+.4f", outcome.features().get(i),
                    outcome.weights()[i]));
        }
        return lines;
    }

    /** One dataset's first-stage indexes and its reranker features. */
    private record Indexed(Dataset dataset, KeywordIndex keyword, SemanticIndex semantic, RerankFeatures features) {

        static Indexed of(Dataset dataset, CapabilityEmbeddings embeddings) {
            SourceBoilerplate boilerplate = SourceBoilerplate.of(dataset.capabilities());
            KeywordIndex keyword = KeywordIndex.build(dataset.capabilities(), boilerplate);
            SemanticIndex semantic = SemanticIndex.build(dataset.capabilities(), embeddings, boilerplate);
            return new Indexed(dataset, keyword, semantic, RerankFeatures.of(keyword, boilerplate, embeddings));
        }

        double[][] rows(RerankQuery question, List<RerankCandidate> candidates) {
            return features.of(question, candidates);
        }

        /** The first stage's candidate lists of every question part, with the gold ones marked. */
        List<ListwiseFit.Group> record() {
            Recorder recorder = new Recorder(this);
            HybridRanker ranker = new HybridRanker(keyword, semantic, HybridRanker.DEFAULT_FUSION, recorder);
            for (GoldQuestion question : dataset.questions()) {
                if (question.noFit()) {
                    continue;
                }
                recorder.gold = new HashSet<>(question.gold());
                ranker.rank(new RankingQuery(question.question(), List.of(), null), RoutingEvaluation.ROUTER_VIEW);
            }
            return recorder.groups;
        }

        /** The dataset's figures with the router's reranker of these weights, or the first stage alone (null). */
        EvaluationResult evaluate(double[] weights) {
            return evaluate(weights == null ? null
                    : new LinearReranker(features, new RerankWeights(true, weights, "fold")));
        }

        /**
         * The figures a reranker that knew the gold would reach: each part's gold candidates first. Gold
         * is looked up by question text, so a text asked twice with different gold (11 of MetaTool's
         * 21,111) counts both golds.
         */
        EvaluationResult ceiling() {
            Map<String, Set<String>> gold = new HashMap<>();
            dataset.questions().forEach(q -> gold.computeIfAbsent(q.question(), t -> new HashSet<>()).addAll(q.gold()));
            GoldFirst oracle = new GoldFirst();
            HybridRanker ranker = new HybridRanker(keyword, semantic, HybridRanker.DEFAULT_FUSION, oracle);
            CapabilityRanker told = new CapabilityRanker() {
                @Override
                public List<Capability> capabilities() {
                    return ranker.capabilities();
                }

                @Override
                public List<RankedCapability> rank(RankingQuery query, int limit) {
                    oracle.gold = gold.getOrDefault(query.question(), Set.of());
                    return ranker.rank(query, limit);
                }
            };
            return measure(told);
        }

        private EvaluationResult evaluate(Reranker reranker) {
            return measure(new HybridRanker(keyword, semantic, HybridRanker.DEFAULT_FUSION, reranker));
        }

        private EvaluationResult measure(CapabilityRanker ranker) {
            return new RoutingEvaluation(ranker, new PrintStream(OutputStream.nullOutputStream()))
                    .evaluate("hybrid", dataset.questions(), 8);
        }
    }

    /** Moves the current question's gold candidates first, keeping the first stage's order otherwise. */
    private static final class GoldFirst implements Reranker {
        private Set<String> gold = Set.of();

        @Override
        public List<RerankCandidate> rerank(RerankQuery question, List<RerankCandidate> candidates) {
            List<RerankCandidate> ordered = new ArrayList<>(candidates.stream()
                    .filter(c -> gold.contains(c.capability().name())).toList());
            candidates.stream().filter(c -> !gold.contains(c.capability().name())).forEach(ordered::add);
            return ordered;
        }
    }

    /** Records each candidate list it is given, in the first stage's order, and changes nothing. */
    private static final class Recorder implements Reranker {
        private final Indexed index;
        private final List<ListwiseFit.Group> groups = new ArrayList<>();
        private Set<String> gold = Set.of();

        Recorder(Indexed index) {
            this.index = index;
        }

        @Override
        public List<RerankCandidate> rerank(RerankQuery question, List<RerankCandidate> candidates) {
            boolean[] positive = new boolean[candidates.size()];
            int positives = 0;
            for (int i = 0; i < candidates.size(); i++) {
                positive[i] = gold.contains(candidates.get(i).capability().name());
                positives += positive[i] ? 1 : 0;
            }
            if (positives > 0 && positives < candidates.size()) {
                groups.add(new ListwiseFit.Group(index.rows(question, candidates), positive));
            }
            return candidates;
        }
    }
}
