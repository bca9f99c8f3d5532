package dev.capplanner.snapshot.sourceimport;

import dev.capplanner.snapshot.catalog.CatalogEntry;
import dev.capplanner.snapshot.connection.Connection;
import java.util.List;

/** What a registration imported: how many capabilities, how many are reads, how many wait for review. */
public record ImportSummary(Connection connection, int capabilities, long reads, long heldForReview,
                            int invalidHints) {

    public static ImportSummary of(Connection connection, List<CatalogEntry> entries, int invalidHints) {
        long held = entries.stream().filter(e -> e.reviewHold() != null).count();
        long reads = entries.stream().filter(e -> e.reviewHold() == null
                && ("none".equals(e.sideEffect()) || "read".equals(e.sideEffect()))).count();
        return new ImportSummary(connection, entries.size(), reads, held, invalidHints);
    }
}
