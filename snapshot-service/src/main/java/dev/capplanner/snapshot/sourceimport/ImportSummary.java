package dev.capplanner.snapshot.sourceimport;

import dev.capplanner.importing.model.ImportResult;
import dev.capplanner.importing.model.RefusedOperation;
import dev.capplanner.snapshot.catalog.CatalogEntry;
import dev.capplanner.snapshot.connection.Connection;
import java.util.List;

/**
 * What a registration imported: how many capabilities, how many are reads, how many wait for review;
 * and what the registry would not take from the source: operations refused outright (a path that is
 * not a path template), and the parameters the source marked as bound to run context (the marks are
 * stripped: bindings are the operator's). Each list names at most {@value #MAX_LISTED}; the counts are whole.
 *
 * @param refused          "place: reason" of each refused operation, the first {@value #MAX_LISTED}
 * @param strippedBindings "capability.parameter" of each mark stripped, the first {@value #MAX_LISTED}
 */
public record ImportSummary(Connection connection, int capabilities, long reads, long heldForReview,
                            int invalidHints, int refusedCount, List<String> refused, int strippedBindingCount,
                            List<String> strippedBindings) {

    public static final int MAX_LISTED = 50;

    public ImportSummary {
        refused = List.copyOf(refused);
        strippedBindings = List.copyOf(strippedBindings);
    }

    public static ImportSummary of(Connection connection, List<CatalogEntry> entries, ImportResult imported,
                                   List<String> strippedBindings) {
        long held = entries.stream().filter(e -> e.reviewHold() != null).count();
        long reads = entries.stream().filter(e -> e.reviewHold() == null
                && ("none".equals(e.sideEffect()) || "read".equals(e.sideEffect()))).count();
        return new ImportSummary(connection, entries.size(), reads, held, imported.invalidHints(),
                imported.refused().size(), imported.refused().stream().limit(MAX_LISTED).map(RefusedOperation::toString)
                .toList(), strippedBindings.size(), strippedBindings.stream().limit(MAX_LISTED).toList());
    }
}
