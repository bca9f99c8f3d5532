package dev.capplanner.router.evaluation;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.indexing.SourceBoilerplate;
import dev.capplanner.router.ranking.CapabilityRanker;
import dev.capplanner.router.semantic.CapabilityEmbeddings;
import dev.capplanner.router.semantic.MiniLmEmbedder;
import dev.capplanner.router.strategy.RankerFactory;
import dev.capplanner.router.strategy.RankingStrategy;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code ./run-eval.sh --catalog FILE --questions FILE [--strategy keyword|semantic|hybrid|all] [--k 8] [--read-only]}.
 * Progress goes to stderr; the last stdout lines are one JSON object per strategy.
 */
public final class RoutingEvaluationMain {

    static final List<String> AVAILABLE = List.of("keyword", "semantic", "hybrid");
    static final String USAGE = "usage: ./run-eval.sh --catalog FILE --questions FILE"
            + " [--strategy keyword|semantic|hybrid|all] [--k 8] [--read-only] [--dump FILE] [--whole-descriptions] [--infer-aliases]\n"
            + "  --read-only  rank only the tools a production snapshot would hold (the import's read-only rule),\n"
            + "               and leave out the questions whose gold asks for a tool that writes\n"
            + "  --dump FILE  write each question's rank and top 40 per strategy (JSON Lines), for miss analysis\n"
            + "  --whole-descriptions  read every description whole, a source's repeated sentences included\n"
            + "               (the router leaves them out; this measures what that changes)\n"
            + "  --infer-aliases  give each tool without aliases the ones the admin API suggests for an imported\n"
            + "               capability (not ranked in production; this measures what ranking them would change)\n"
            + "       ./run-eval.sh --fusion-study --catalog FILE --questions FILE [--questions FILE ...]"
            + " [--catalog FILE --questions FILE ...] [--read-only]\n"
            + "  compares the hybrid's fusion rules on each dataset, cross-validated (leave one dataset out)\n"
            + "       ./run-eval.sh --rerank-study --catalog FILE --questions FILE [--questions FILE ...]"
            + " [--catalog FILE --questions FILE ...] [--read-only] [--write-weights FILE]\n"
            + "  fits the hybrid's reranker leaving one dataset out, for each; --write-weights writes the weights\n";

    private RoutingEvaluationMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length > 0 && args[0].equals("--fusion-study")) {
            return FusionStudyMain.run(List.of(args).subList(1, args.length), out, err);
        }
        if (args.length > 0 && args[0].equals("--rerank-study")) {
            return RerankStudyMain.run(List.of(args).subList(1, args.length), out, err);
        }
        Path catalog = null;
        Path questions = null;
        String strategy = "all";
        int k = 8;
        boolean readOnly = false;
        boolean wholeDescriptions = false;
        boolean inferAliases = false;
        Path dump = null;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--catalog" -> catalog = Path.of(value(args, ++i, "--catalog"));
                    case "--questions" -> questions = Path.of(value(args, ++i, "--questions"));
                    case "--strategy" -> strategy = value(args, ++i, "--strategy");
                    case "--k" -> k = Integer.parseInt(value(args, ++i, "--k"));
                    case "--read-only" -> readOnly = true;
                    case "--whole-descriptions" -> wholeDescriptions = true;
                    case "--infer-aliases" -> inferAliases = true;
                    case "--dump" -> dump = Path.of(value(args, ++i, "--dump"));
                    case "--help", "-h" -> {
                        out.print(USAGE);
                        return 0;
                    }
                    default -> throw new IllegalArgumentException("unknown option " + args[i]);
                }
            }
            if (catalog == null || questions == null) {
                throw new IllegalArgumentException("--catalog and --questions are required");
            }
            if (!Files.isReadable(catalog) || !Files.isReadable(questions)) {
                throw new IllegalArgumentException("cannot read " + (Files.isReadable(catalog) ? questions : catalog));
            }
            if (k < 1) {
                throw new IllegalArgumentException("--k must be at least 1");
            }
        } catch (NumberFormatException e) {
            err.println("error: --k must be a number");
            err.print(USAGE);
            return 2;
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            err.print(USAGE);
            return 2;
        }
        List<String> strategies = new ArrayList<>();
        if (strategy.equals("all")) {
            strategies.addAll(AVAILABLE);
        } else if (AVAILABLE.contains(strategy)) {
            strategies.add(strategy);
        } else {
            err.println("error: unknown strategy '" + strategy + "'");
            err.print(USAGE);
            return 2;
        }
        long started = System.nanoTime();
        List<Capability> catalogTools = inferAliases ? DatasetCapabilities.withInferredAliases(
                DatasetCapabilities.read(catalog)) : DatasetCapabilities.read(catalog);
        List<GoldQuestion> allQuestions = GoldQuestion.read(questions);
        java.util.Set<String> reads = readOnly ? ReadOnlyCatalog.readIds(catalog) : null;
        List<Capability> capabilities = reads == null ? catalogTools
                : catalogTools.stream().filter(c -> reads.contains(c.name())).toList();
        List<GoldQuestion> gold = reads == null ? allQuestions
                : allQuestions.stream().filter(q -> reads.containsAll(q.gold())).toList();
        if (readOnly) {
            err.printf("Read-only, as a snapshot holds them: %d of %d tools; %d of %d questions (the others ask for"
                    + " a tool that writes)%n", capabilities.size(), catalogTools.size(), gold.size(), allQuestions.size());
        }
        err.printf("Loaded %d tools and %d questions in %.0f ms%n", capabilities.size(), gold.size(),
                (System.nanoTime() - started) / 1e6);
        err.printf("Sources whose descriptions repeat a sentence in most of their tools: %d (%s)%n",
                SourceBoilerplate.of(capabilities).sourcesWithBoilerplate(),
                wholeDescriptions ? "read whole: --whole-descriptions" : "left out of what the indexes read");
        List<String> missing = RoutingEvaluation.missingGold(gold, capabilities);
        if (!missing.isEmpty()) {
            err.printf("warning: %d gold tool reference(s) are not in the catalog (counted as misses), e.g. %s%n",
                    missing.size(), missing.get(0));
        }
        RankerFactory rankers = new RankerFactory(() -> {
            err.printf("Embedding %d tools with the in-process MiniLM model ...%n", capabilities.size());
            return new CapabilityEmbeddings(new MiniLmEmbedder());
        }, wholeDescriptions);
        List<String> lines = new ArrayList<>();
        List<String> kindLines = new ArrayList<>();
        try (java.io.BufferedWriter dumped = dump == null ? null : java.nio.file.Files.newBufferedWriter(dump)) {
            for (String name : strategies) {
                long built = System.nanoTime();
                CapabilityRanker ranker = rankers.build(RankingStrategy.parse(name), capabilities);
                err.printf("  %s ranker built in %.1f s%n", name, (System.nanoTime() - built) / 1e9);
                KindBreakdown kinds = new KindBreakdown();
                lines.add(new RoutingEvaluation(ranker, err).evaluate(name, gold, k, ranking -> {
                    kinds.add(ranking);
                    if (dumped != null) {
                        writeDumpLine(dumped, name, ranking);
                    }
                }).json());
                kindLines.addAll(kinds.lines(name));
            }
        } catch (java.io.IOException | java.io.UncheckedIOException e) {
            err.println("error: cannot write " + dump);
            return 2;
        }
        // The per-kind lines first: the strategies' lines stay the last lines, as scripts read them.
        kindLines.forEach(out::println);
        lines.forEach(out::println);
        return 0;
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper DUMP = new com.fasterxml.jackson.databind.ObjectMapper();

    private static void writeDumpLine(java.io.BufferedWriter dumped, String strategy,
                                      RoutingEvaluation.QuestionRanking ranking) {
        java.util.Map<String, Object> line = new java.util.LinkedHashMap<>();
        line.put("strategy", strategy);
        line.put("id", ranking.question().id());
        line.put("question", ranking.question().question());
        line.put("gold", ranking.question().gold());
        line.put("rank", ranking.rank());
        line.put("top", ranking.view());
        try {
            dumped.write(DUMP.writeValueAsString(line));
            dumped.newLine();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }
}
