package dev.capplanner.reports.persistence;

import java.io.Serializable;

/**
 * The key of a row kept per run and iteration (call counts, reviews): the run as the suite keys it
 * ({@code RunIdentity}), never the caller's run id alone.
 */
public record RunIteration(String runKey, int iteration) implements Serializable {
    public RunIteration() {
        this(null, 0);
    }
}
