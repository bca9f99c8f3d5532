package dev.capplanner.importing.model;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * One operation (OpenAPI) or tool (MCP) of a source as a capability; {@code source} is its
 * family ({@code api:<connection>}, {@code mcp:<server>}); {@code method} and {@code path} are null
 * for an MCP tool. {@code description} is untrusted remote text (capped, control characters
 * removed). {@code excludedReason} is null for a read the registry may grant, else why it can never
 * enter a snapshot.
 */
public record ImportedCapability(
        String id,
        String name,
        String description,
        String source,
        String entity,
        String operation,
        SideEffect sideEffect,
        String risk,
        boolean requiresConfirmation,
        String method,
        String path,
        ObjectNode inputSchema,
        ObjectNode outputSchema,
        String collectionPath,
        List<String> identifierFields,
        String excludedReason) {

    /** Why a tool without annotations is excluded: by the MCP defaults it is not read-only. */
    public static final String UNANNOTATED_MCP_TOOL = "unannotated MCP tool: not read-only by the MCP defaults; an"
            + " operator may approve it";

    public ImportedCapability {
        identifierFields = List.copyOf(identifierFields);
    }

    /**
     * Why the capability waits for an operator's review, null when it does not: a read the import
     * distrusts (its name says it writes), or an MCP tool without annotations. A declared write never
     * waits: it is excluded for good.
     */
    public String reviewHold() {
        if (excludedReason == null) {
            return null;
        }
        return sideEffect.readOnly() || UNANNOTATED_MCP_TOOL.equals(excludedReason) ? excludedReason : null;
    }

    /** A read: side effect none or read, no confirmation, risk below high. */
    public boolean readOnly() {
        return sideEffect.readOnly() && !requiresConfirmation && !"high".equals(risk) && !"critical".equals(risk)
                && excludedReason == null;
    }
}
