package dev.capplanner.router.evaluation;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.hybrid.HybridRanker;
import dev.capplanner.router.semantic.MiniLmEmbedder;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@code ./run-eval.sh --fusion-study --catalog FILE --questions FILE [--catalog FILE --questions FILE ...]
 * [--read-only]}: every candidate fusion rule on every dataset, then leave-one-dataset-out
 * cross-validation ({@link FusionStudy}). A dataset is named after its catalog's directory.
 */
final class FusionStudyMain {

    static final String USAGE = "usage: ./run-eval.sh --fusion-study --catalog FILE --questions FILE"
            + " [--catalog FILE --questions FILE ...] [--read-only]\n"
            + "  compares the hybrid's candidate fusion rules on each dataset and cross-validates the choice\n"
            + "  (leave one dataset out; at least two datasets)\n";

    private FusionStudyMain() {
    }

    static int run(List<String> args, PrintStream out, PrintStream err) {
        StudyArguments parsed;
        try {
            parsed = StudyArguments.parse(args, false);
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            err.print(USAGE);
            return 2;
        }
        List<FusionStudy.Dataset> datasets = datasets(parsed, err);
        FusionStudy study = new FusionStudy(new MiniLmEmbedder(), err);
        List<FusionStudy.Score> scores = study.scores(datasets, FusionStudy.candidates());
        FusionStudy.report(scores, "magnitude").forEach(out::println);
        out.println("the router runs: \"" + HybridRanker.DEFAULT_FUSION.name() + "\"");
        return 0;
    }

    /** The datasets the arguments name, each named after its catalog's directory. */
    static List<FusionStudy.Dataset> datasets(StudyArguments parsed, PrintStream err) {
        List<FusionStudy.Dataset> datasets = new ArrayList<>();
        Set<String> names = new java.util.HashSet<>();
        for (int i = 0; i < parsed.catalogs().size(); i++) {
            FusionStudy.Dataset dataset = dataset(parsed.catalogs().get(i), parsed.questions().get(i),
                    parsed.readOnly(), err);
            // Folds are told apart by name: two catalogs in directories of one name get their position.
            String name = names.add(dataset.name()) ? dataset.name() : dataset.name() + "#" + (i + 1);
            names.add(name);
            datasets.add(new FusionStudy.Dataset(name, dataset.capabilities(), dataset.questions()));
        }
        return datasets;
    }

    /** A study's options: datasets as --catalog/--questions pairs (at least two), --read-only, --write-weights. */
    record StudyArguments(List<Path> catalogs, List<Path> questions, boolean readOnly, Path writeWeights) {

        static StudyArguments parse(List<String> args, boolean weights) {
            List<Path> catalogs = new ArrayList<>();
            List<Path> questions = new ArrayList<>();
            boolean readOnly = false;
            Path write = null;
            for (int i = 0; i < args.size(); i++) {
                switch (args.get(i)) {
                    case "--catalog" -> catalogs.add(Path.of(value(args, ++i)));
                    case "--questions" -> questions.add(Path.of(value(args, ++i)));
                    case "--read-only" -> readOnly = true;
                    case "--write-weights" -> {
                        if (!weights) {
                            throw new IllegalArgumentException("unknown option --write-weights");
                        }
                        write = Path.of(value(args, ++i));
                    }
                    default -> throw new IllegalArgumentException("unknown option " + args.get(i));
                }
            }
            if (catalogs.size() != questions.size() || catalogs.size() < 2) {
                throw new IllegalArgumentException(
                        "give at least two datasets, each as --catalog FILE --questions FILE");
            }
            for (Path file : concat(catalogs, questions)) {
                if (!Files.isReadable(file)) {
                    throw new IllegalArgumentException("cannot read " + file);
                }
            }
            return new StudyArguments(catalogs, questions, readOnly, write);
        }
    }

    private static FusionStudy.Dataset dataset(Path catalog, Path questionFile, boolean readOnly, PrintStream err) {
        List<Capability> tools = DatasetCapabilities.read(catalog);
        List<GoldQuestion> gold = GoldQuestion.read(questionFile);
        if (readOnly) {
            Set<String> reads = ReadOnlyCatalog.readIds(catalog);
            tools = tools.stream().filter(c -> reads.contains(c.name())).toList();
            gold = gold.stream().filter(q -> reads.containsAll(q.gold())).toList();
        }
        Path directory = catalog.toAbsolutePath().getParent();
        String name = directory == null ? catalog.toString() : directory.getFileName().toString();
        err.printf("%s: %d tools, %d questions%n", name, tools.size(), gold.size());
        return new FusionStudy.Dataset(name, tools, gold);
    }

    private static List<Path> concat(List<Path> first, List<Path> second) {
        List<Path> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }

    private static String value(List<String> args, int i) {
        if (i >= args.size()) {
            throw new IllegalArgumentException(args.get(i - 1) + " needs a value");
        }
        return args.get(i);
    }
}
