package dev.capplanner.reports.shadow;

import java.time.Instant;
import java.util.List;

/**
 * A reviewer's verdict on one report: {@code expected} (the divergence is fine), {@code improvement}
 * (the capability plan is better), {@code regression} (it is worse), {@code noise} (no real
 * difference); the note is masked like every stored text.
 */
public record Review(String verdict, String note, String reviewer, Instant reviewedAt) {

    public static final List<String> VERDICTS = List.of("expected", "improvement", "regression", "noise");

    public Review {
        if (!VERDICTS.contains(verdict)) {
            throw new IllegalArgumentException("verdict must be one of " + String.join(", ", VERDICTS));
        }
    }
}
