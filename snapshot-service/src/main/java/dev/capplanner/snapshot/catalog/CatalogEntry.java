package dev.capplanner.snapshot.catalog;

import dev.capplanner.contracts.events.Endpoint;
import dev.capplanner.contracts.events.InputSource;
import java.util.List;
import java.util.Map;

/**
 * A capability as a connection registered it. Every governance field may be missing ({@code null}):
 * the access policy treats a missing field as a reason to deny, never as a default.
 *
 * @param connection          the registered connection (tenant, project, source) the capability comes from
 * @param requiredPermissions what a principal's roles must grant; empty means denied unless {@code publicAccess}
 * @param publicAccess        an operator's explicit mark that every principal of the connection's project may call it
 * @param reviewHold          why the import did not trust the capability (a read whose name says it writes, an
 *                            unannotated MCP tool), pending an operator's review; null when there is none
 * @param outputPaths         identifier paths the output declares ({@code items[].id}), what plans may chain from
 * @param inputsFrom          declared relationships: which capability's output path can feed which input
 * @param outputSchema        the output's JSON Schema when the source declares one (an OpenAPI response, an MCP
 *                            {@code outputSchema}); null when unknown
 */
public record CatalogEntry(
        String name,
        String connection,
        String kind,
        String family,
        String entity,
        String operation,
        String description,
        List<String> aliases,
        String sideEffect,
        String risk,
        Boolean requiresConfirmation,
        List<String> requiredPermissions,
        Boolean publicAccess,
        Endpoint endpoint,
        Map<String, Object> inputSchema,
        String outputCollectionPath,
        String reviewHold,
        List<String> outputPaths,
        List<InputSource> inputsFrom,
        Map<String, Object> outputSchema) {

    public CatalogEntry {
        outputPaths = outputPaths == null ? List.of() : List.copyOf(outputPaths);
        inputsFrom = inputsFrom == null ? List.of() : List.copyOf(inputsFrom);
    }

    /** This entry held for an operator's review, for the reason given (null: not held). */
    public CatalogEntry withReviewHold(String hold) {
        return new CatalogEntry(name, connection, kind, family, entity, operation, description, aliases, sideEffect,
                risk, requiresConfirmation, requiredPermissions, publicAccess, endpoint, inputSchema,
                outputCollectionPath, hold, outputPaths, inputsFrom, outputSchema);
    }

    /** This entry ranked by these aliases (inferred at import, or an operator's). */
    public CatalogEntry withAliases(List<String> replaced) {
        return new CatalogEntry(name, connection, kind, family, entity, operation, description, replaced, sideEffect,
                risk, requiresConfirmation, requiredPermissions, publicAccess, endpoint, inputSchema,
                outputCollectionPath, reviewHold, outputPaths, inputsFrom, outputSchema);
    }

    /** An entry whose output schema is not known. */
    public CatalogEntry(String name, String connection, String kind, String family, String entity, String operation,
                        String description, List<String> aliases, String sideEffect, String risk,
                        Boolean requiresConfirmation, List<String> requiredPermissions, Boolean publicAccess,
                        Endpoint endpoint, Map<String, Object> inputSchema, String outputCollectionPath,
                        String reviewHold, List<String> outputPaths, List<InputSource> inputsFrom) {
        this(name, connection, kind, family, entity, operation, description, aliases, sideEffect, risk,
                requiresConfirmation, requiredPermissions, publicAccess, endpoint, inputSchema, outputCollectionPath,
                reviewHold, outputPaths, inputsFrom, null);
    }

    /** An entry that declares no output paths and no relationships. */
    public CatalogEntry(String name, String connection, String kind, String family, String entity, String operation,
                        String description, List<String> aliases, String sideEffect, String risk,
                        Boolean requiresConfirmation, List<String> requiredPermissions, Boolean publicAccess,
                        Endpoint endpoint, Map<String, Object> inputSchema, String outputCollectionPath,
                        String reviewHold) {
        this(name, connection, kind, family, entity, operation, description, aliases, sideEffect, risk,
                requiresConfirmation, requiredPermissions, publicAccess, endpoint, inputSchema, outputCollectionPath,
                reviewHold, List.of(), List.of());
    }
}
