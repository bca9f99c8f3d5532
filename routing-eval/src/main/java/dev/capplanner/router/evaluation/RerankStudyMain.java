package dev.capplanner.router.evaluation;

import dev.capplanner.router.rerank.RerankWeights;
import dev.capplanner.router.semantic.MiniLmEmbedder;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;

/**
 * {@code ./run-eval.sh --rerank-study --catalog FILE --questions FILE [--questions FILE ...] [--catalog FILE ...]
 * [--read-only] [--write-weights FILE]}: the second stage cross-validated by leaving one dataset out
 * ({@link RerankStudy}); {@code --write-weights} writes the weights fitted on all datasets, enabled
 * only when every held-out dataset gained (the router's file is
 * {@code router-core/src/main/resources}{@value RerankWeights#RESOURCE}).
 */
final class RerankStudyMain {

    static final String USAGE = "usage: ./run-eval.sh --rerank-study --catalog FILE --questions FILE"
            + " [--questions FILE ...] [--catalog FILE --questions FILE ...] [--read-only]\n"
            + " [--write-weights FILE]\n"
            + "  fits the hybrid's reranker on all datasets but one and measures it on that one, for each;\n"
            + "  --write-weights FILE writes the weights fitted on all of them, enabled only if every\n"
            + "  held-out dataset gained recall@8\n";

    private RerankStudyMain() {
    }

    static int run(List<String> args, PrintStream out, PrintStream err) {
        FusionStudyMain.StudyArguments parsed;
        try {
            parsed = FusionStudyMain.StudyArguments.parse(args, true);
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            err.print(USAGE);
            return 2;
        }
        List<FusionStudy.Dataset> datasets = FusionStudyMain.datasets(parsed, err);
        RerankStudy study = new RerankStudy(new MiniLmEmbedder(), err, ListwiseFit.standard()::fit);
        RerankStudy.Outcome outcome;
        try {
            outcome = study.run(datasets, LocalDate.now(ZoneOffset.UTC).toString());
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return 1;
        }
        RerankStudy.report(outcome).forEach(out::println);
        if (parsed.writeWeights() != null) {
            try {
                Files.writeString(parsed.writeWeights(), outcome.routerWeights().text());
            } catch (IOException e) {
                err.println("error: cannot write " + parsed.writeWeights() + ": " + e.getMessage());
                return 1;
            }
            err.println("weights written to " + parsed.writeWeights());
        }
        return 0;
    }
}
