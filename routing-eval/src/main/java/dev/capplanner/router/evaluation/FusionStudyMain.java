package dev.capplanner.router.evaluation;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.hybrid.HybridRanker;
import dev.capplanner.router.semantic.MiniLmEmbedder;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code ./run-eval.sh --fusion-study --catalog FILE --questions FILE [--catalog FILE --questions FILE ...]
 * [--read-only]}: every candidate fusion rule on every dataset, then leave-one-dataset-out
 * cross-validation ({@link FusionStudy}). A dataset is named after its catalog's directory.
 */
final class FusionStudyMain {

    static final String USAGE = "usage: ./run-eval.sh --fusion-study --catalog FILE --questions FILE"
            + " [--questions FILE ...] [--catalog FILE --questions FILE ...] [--read-only]\n"
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
        Set<String> names = new HashSet<>();
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

    /**
     * A study's options: datasets as --catalog FILE followed by one or more --questions FILE (at least
     * two datasets), --read-only, --write-weights. A catalog is one dataset whatever the number of its
     * question files: given twice, a fold could train on the catalog it holds out.
     */
    record StudyArguments(List<Path> catalogs, List<List<Path>> questions, boolean readOnly, Path writeWeights) {

        static StudyArguments parse(List<String> args, boolean weights) {
            List<Path> catalogs = new ArrayList<>();
            List<List<Path>> questions = new ArrayList<>();
            boolean readOnly = false;
            Path write = null;
            for (int i = 0; i < args.size(); i++) {
                switch (args.get(i)) {
                    case "--catalog" -> {
                        catalogs.add(Path.of(value(args, ++i)));
                        questions.add(new ArrayList<>());
                    }
                    case "--questions" -> {
                        if (catalogs.isEmpty()) {
                            throw new IllegalArgumentException("--questions comes after the --catalog it asks about");
                        }
                        questions.get(questions.size() - 1).add(Path.of(value(args, ++i)));
                    }
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
            if (catalogs.size() < 2 || questions.stream().anyMatch(List::isEmpty)) {
                throw new IllegalArgumentException(
                        "give at least two datasets, each as --catalog FILE --questions FILE [--questions FILE ...]");
            }
            Set<Path> distinct = new HashSet<>();
            for (Path catalog : catalogs) {
                if (!Files.isReadable(catalog)) {
                    throw new IllegalArgumentException("cannot read " + catalog);
                }
                if (!distinct.add(realPath(catalog))) {
                    throw new IllegalArgumentException(catalog + " is given twice: give all its question files after"
                            + " one --catalog (a held-out dataset must not be trained on)");
                }
            }
            for (Path file : questions.stream().flatMap(List::stream).toList()) {
                if (!Files.isReadable(file)) {
                    throw new IllegalArgumentException("cannot read " + file);
                }
            }
            return new StudyArguments(catalogs, questions.stream().map(List::copyOf).toList(), readOnly, write);
        }

        private static Path realPath(Path file) {
            try {
                return file.toRealPath();
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot read " + file);
            }
        }
    }

    private static FusionStudy.Dataset dataset(Path catalog, List<Path> questionFiles, boolean readOnly,
                                               PrintStream err) {
        List<Capability> tools = DatasetCapabilities.read(catalog);
        List<GoldQuestion> gold = questionFiles.stream().flatMap(file -> GoldQuestion.read(file).stream()).toList();
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

    private static String value(List<String> args, int i) {
        if (i >= args.size()) {
            throw new IllegalArgumentException(args.get(i - 1) + " needs a value");
        }
        return args.get(i);
    }
}
