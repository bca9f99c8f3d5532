package dev.capplanner.snapshot.rollout;

import dev.capplanner.contracts.inputschema.InputSchema;
import dev.capplanner.importing.rollout.RolloutBlocker;
import dev.capplanner.importing.rollout.RolloutReport;
import dev.capplanner.importing.rollout.RolloutSubject;
import dev.capplanner.snapshot.authorization.AccessPolicy;
import dev.capplanner.snapshot.catalog.CatalogEntry;
import java.util.List;

/**
 * The rollout report of registered capabilities (the same rules as the import's {@code --explain}):
 * what keeps each read (and each capability held for review) from multi-step plans as the registry
 * holds it now, approvals applied; a write is never rolled out, so it has no blockers. Inputs the
 * executor binds from the run are no planner's to give, so they block nothing.
 */
public final class CatalogRollout {

    private CatalogRollout() {
    }

    public static List<RolloutBlocker> of(List<CatalogEntry> entries) {
        return RolloutReport.of(entries.stream().filter(entry -> AccessPolicy.readsOnly(entry) || entry.reviewHold() != null)
                .map(CatalogRollout::subject).toList());
    }

    /** The inputs a planner must give: required, and not bound by the executor from the run. */
    private static List<String> required(CatalogEntry entry) {
        if (entry.inputSchema() == null) {
            return List.of();
        }
        InputSchema schema = InputSchema.of(entry.inputSchema());
        return schema.required().stream().filter(input -> !schema.boundParameters().contains(input)).distinct().toList();
    }

    private static RolloutSubject subject(CatalogEntry entry) {
        return new RolloutSubject(entry.name(), entry.operation(), entry.outputSchema() != null,
                entry.outputCollectionPath(), entry.reviewHold(),
                required(entry),
                entry.inputsFrom().stream().map(source -> new RolloutSubject.Feed(source.input(), source.capability()))
                        .toList());
    }
}
