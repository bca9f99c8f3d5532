package dev.capplanner.router.evaluation;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** Recall@1, recall@8 and MRR@40 per question kind (the questions' {@code kind} or {@code category} field). */
final class KindBreakdown {

    private static final class Tally {
        int questions;
        int hits1;
        int hits8;
        double reciprocalRanks;
    }

    private final Map<String, Tally> byKind = new TreeMap<>();

    void add(RoutingEvaluation.QuestionRanking ranking) {
        if (ranking.question().kind() == null) {
            return;
        }
        Tally tally = byKind.computeIfAbsent(ranking.question().kind(), kind -> new Tally());
        tally.questions++;
        tally.hits1 += ranking.rank() == 1 ? 1 : 0;
        tally.hits8 += ranking.rank() > 0 && ranking.rank() <= 8 ? 1 : 0;
        tally.reciprocalRanks += ranking.rank() > 0 ? 1.0 / ranking.rank() : 0;
    }

    /** One JSON line per kind, in kind order; none when no question has a kind. */
    java.util.List<String> lines(String strategy) {
        return byKind.entrySet().stream().map(entry -> {
            Tally t = entry.getValue();
            return String.format(Locale.ROOT, "{\"strategy\":\"%s\",\"kind\":\"%s\",\"questions\":%d,\"recall@1\":%.3f,"
                            + "\"recall@8\":%.3f,\"mrr\":%.3f}", strategy, entry.getKey().replace("\"", "'"), t.questions,
                    (double) t.hits1 / t.questions, (double) t.hits8 / t.questions, t.reciprocalRanks / t.questions);
        }).toList();
    }
}
