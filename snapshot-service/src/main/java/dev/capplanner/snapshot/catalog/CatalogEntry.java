package dev.capplanner.snapshot.catalog;

import dev.capplanner.contracts.events.Endpoint;
import java.util.List;
import java.util.Map;

/**
 * A tool as a connector registered it. Every governance field may be missing ({@code null}):
 * the snapshot policy treats a missing field as a reason to exclude, never as a default.
 */
public record CatalogEntry(
        String name,
        String kind,
        String family,
        String entity,
        String operation,
        String description,
        List<String> aliases,
        String sideEffect,
        String risk,
        Boolean requiresConfirmation,
        Visibility visibility,
        Endpoint endpoint,
        Map<String, Object> inputSchema,
        String outputCollectionPath) {

    /** Who may see the tool: tenants, projects and roles; {@code "*"} admits everyone. */
    public record Visibility(List<String> tenants, List<String> projects, List<String> roles) {
    }
}
