package dev.capplanner.router.evaluation;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.hybrid.AgreementFusion;
import dev.capplanner.router.hybrid.AgreementFusion.Blend;
import dev.capplanner.router.hybrid.FusionRule;
import dev.capplanner.router.hybrid.HybridRanker;
import dev.capplanner.router.hybrid.MagnitudeFusion;
import dev.capplanner.router.hybrid.ShiftedMagnitudeFusion;
import dev.capplanner.router.keyword.KeywordIndex;
import dev.capplanner.router.semantic.CapabilityEmbeddings;
import dev.capplanner.router.semantic.SemanticIndex;
import dev.capplanner.router.semantic.EmbeddedText;
import dev.capplanner.router.semantic.TextEmbedder;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Chooses the hybrid's fusion rule by leave-one-dataset-out cross-validation: every candidate rule
 * ranks every dataset's questions (the full hybrid, question steps included); for each dataset held
 * out, the rule with the best mean recall@8 over the other datasets (MRR breaks ties) is scored on
 * the held-out one. A rule that only suits the catalog it was tuned on loses on the others, which is
 * what the fold-to-fold spread shows. Questions are embedded once and shared by all rules.
 */
public final class FusionStudy {

    /** A dataset to rank: its name (as printed), tools and questions. */
    public record Dataset(String name, List<Capability> capabilities, List<GoldQuestion> questions) {
    }

    /** One rule's result on one dataset. */
    public record Score(String rule, String dataset, EvaluationResult result) {
    }

    /**
     * The rules compared: the magnitude rule, fixed weights, reciprocal-rank fusion, agreement
     * weights, and the magnitude weight shifted by agreement.
     */
    public static List<FusionRule> candidates() {
        List<FusionRule> rules = new ArrayList<>();
        rules.add(new MagnitudeFusion());
        rules.add(new AgreementFusion(0.5, 0.5, Blend.RANKS, 60, false));
        rules.add(new AgreementFusion(0.5, 0.5, Blend.RANKS, 10, false));
        for (double weight : new double[] {0.3, 0.5, 0.7}) {
            rules.add(new AgreementFusion(weight, weight, Blend.SCORES, 0, false));
        }
        for (double[] bounds : new double[][] {{0.0, 1.0}, {0.1, 0.9}, {0.2, 0.8}, {0.3, 0.7}}) {
            rules.add(new AgreementFusion(bounds[0], bounds[1], Blend.SCORES, 0, false));
            rules.add(new AgreementFusion(bounds[0], bounds[1], Blend.SCORES, 0, true));
        }
        rules.add(new AgreementFusion(0.2, 0.8, Blend.RANKS, 60, false));
        rules.add(new AgreementFusion(0.2, 0.8, Blend.RANKS, 10, true));
        for (double shift : new double[] {0.1, 0.2}) {
            rules.add(new ShiftedMagnitudeFusion(shift, false));
            rules.add(new ShiftedMagnitudeFusion(shift, true));
        }
        return rules;
    }

    private final TextEmbedder embedder;
    private final PrintStream progress;

    /** @param embedder the model; questions are embedded once and remembered across rules */
    public FusionStudy(TextEmbedder embedder, PrintStream progress) {
        this.embedder = new RememberingEmbedder(embedder);
        this.progress = progress;
    }

    public List<Score> scores(List<Dataset> datasets, List<FusionRule> rules) {
        CapabilityEmbeddings embeddings = new CapabilityEmbeddings(embedder);
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        List<Score> scores = new ArrayList<>();
        for (Dataset dataset : datasets) {
            KeywordIndex keyword = KeywordIndex.build(dataset.capabilities());
            SemanticIndex semantic = SemanticIndex.build(dataset.capabilities(), embeddings);
            for (FusionRule rule : rules) {
                long started = System.nanoTime();
                EvaluationResult result = new RoutingEvaluation(new HybridRanker(keyword, semantic, rule), quiet)
                        .evaluate("hybrid", dataset.questions(), 8);
                scores.add(new Score(rule.name(), dataset.name(), result));
                progress.printf(Locale.ROOT, "  %s / %s: recall@1 %.3f recall@8 %.3f recall@40 %.3f MRR %.3f"
                        + " (%.1f s)%n", dataset.name(), rule.name(), result.recallAt1(), result.recallAt8(),
                        result.recallAt40(), result.mrr(), (System.nanoTime() - started) / 1e9);
            }
        }
        return scores;
    }

    /** One held-out dataset: the rule the other datasets chose, and how it and the baseline did on it. */
    public record Fold(String heldOut, String chosen, double chosenRecallAt8, double chosenMrr,
                       double baselineRecallAt8, double baselineMrr) {
        public double gain() {
            return chosenRecallAt8 - baselineRecallAt8;
        }
    }

    /** Leave-one-dataset-out folds; {@code baseline} is the rule the gains are measured against. */
    public static List<Fold> crossValidate(List<Score> scores, String baseline) {
        List<String> datasets = scores.stream().map(Score::dataset).distinct().toList();
        List<String> rules = scores.stream().map(Score::rule).distinct().toList();
        List<Fold> folds = new ArrayList<>();
        for (String heldOut : datasets) {
            List<String> training = datasets.stream().filter(d -> !d.equals(heldOut)).toList();
            String chosen = rules.stream().max(Comparator.<String>comparingDouble(
                    rule -> mean(scores, rule, training, true)).thenComparingDouble(
                    rule -> mean(scores, rule, training, false))).orElseThrow();
            EvaluationResult held = find(scores, chosen, heldOut);
            EvaluationResult base = find(scores, baseline, heldOut);
            folds.add(new Fold(heldOut, chosen, held.recallAt8(), held.mrr(), base.recallAt8(), base.mrr()));
        }
        return folds;
    }

    /** The rule with the best mean recall@8 over all datasets (MRR breaks ties): what the router runs. */
    public static String bestOverall(List<Score> scores) {
        List<String> datasets = scores.stream().map(Score::dataset).distinct().toList();
        return scores.stream().map(Score::rule).distinct().max(Comparator.<String>comparingDouble(
                rule -> mean(scores, rule, datasets, true)).thenComparingDouble(
                rule -> mean(scores, rule, datasets, false))).orElseThrow();
    }

    private static double mean(List<Score> scores, String rule, List<String> datasets, boolean recall) {
        return datasets.stream().map(d -> find(scores, rule, d))
                .mapToDouble(result -> recall ? result.recallAt8() : result.mrr()).average().orElse(0);
    }

    private static EvaluationResult find(List<Score> scores, String rule, String dataset) {
        return scores.stream().filter(s -> s.rule().equals(rule) && s.dataset().equals(dataset)).findFirst()
                .map(Score::result).orElseThrow();
    }

    /** The study's report: a table of recall@8 / MRR per rule and dataset, then the folds and their spread. */
    public static List<String> report(List<Score> scores, String baseline) {
        List<String> lines = new ArrayList<>();
        List<String> datasets = scores.stream().map(Score::dataset).distinct().toList();
        Map<String, StringBuilder> rows = new LinkedHashMap<>();
        StringBuilder header = new StringBuilder(String.format(Locale.ROOT, "%-36s", "rule (recall@8 / MRR)"));
        datasets.forEach(d -> header.append(String.format(Locale.ROOT, " | %-13s", d)));
        lines.add(header.toString());
        for (Score score : scores) {
            rows.computeIfAbsent(score.rule(), r -> new StringBuilder(String.format(Locale.ROOT, "%-36s", r)))
                    .append(String.format(Locale.ROOT, " | %.3f / %.3f", score.result().recallAt8(),
                            score.result().mrr()));
        }
        rows.values().forEach(row -> lines.add(row.toString()));
        List<Fold> folds = crossValidate(scores, baseline);
        for (Fold fold : folds) {
            lines.add(String.format(Locale.ROOT,
                    "held out %s: chosen by the others \"%s\" recall@8 %.3f MRR %.3f (%s: %.3f / %.3f, gain %+.3f)",
                    fold.heldOut(), fold.chosen(), fold.chosenRecallAt8(), fold.chosenMrr(), baseline,
                    fold.baselineRecallAt8(), fold.baselineMrr(), fold.gain()));
        }
        double low = folds.stream().mapToDouble(Fold::gain).min().orElse(0);
        double high = folds.stream().mapToDouble(Fold::gain).max().orElse(0);
        lines.add(String.format(Locale.ROOT, "held-out gain over %s: %+.3f to %+.3f; chosen on all datasets: \"%s\"",
                baseline, low, high, bestOverall(scores)));
        return lines;
    }

    /** The model, each distinct text embedded once (every rule or fold ranks the same questions). */
    static TextEmbedder remembering(TextEmbedder model) {
        return new RememberingEmbedder(model);
    }

    /** Reads each distinct text once, as the router does (one run for its vector and its tokens). */
    private static final class RememberingEmbedder implements TextEmbedder {
        private final TextEmbedder model;
        private final Map<String, EmbeddedText> read = new ConcurrentHashMap<>();

        RememberingEmbedder(TextEmbedder model) {
            this.model = model;
        }

        @Override
        public EmbeddedText embedWithTokens(String text) {
            return read.computeIfAbsent(text, model::embedWithTokens);
        }

        @Override
        public float[] embed(String text) {
            return embedWithTokens(text).vector();
        }

        @Override
        public float[][] tokenVectors(String text) {
            return embedWithTokens(text).tokens();
        }

        @Override
        public String modelId() {
            return model.modelId();
        }
    }

}
