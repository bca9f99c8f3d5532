package dev.capplanner.reports.persistence;

import java.io.Serializable;

/** The key of a row kept per run and iteration (call counts, reviews). */
public record RunIteration(String runId, int iteration) implements Serializable {
    public RunIteration() {
        this(null, 0);
    }
}
