package dev.capplanner.importing.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.capplanner.importing.inference.MutatingNames;
import dev.capplanner.importing.inference.OutputShape;
import dev.capplanner.importing.inference.RelationshipInference;
import dev.capplanner.importing.inference.ToolNameWords;
import dev.capplanner.importing.inference.UntrustedText;
import dev.capplanner.importing.model.ImportResult;
import dev.capplanner.importing.model.ImportedCapability;
import dev.capplanner.importing.model.SideEffect;
import dev.capplanner.importing.openapi.Naming;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * An MCP server's tools as capabilities ({@code mcp:<server>/<tool>}). By the MCP specification's
 * defaults a tool is not read-only and is destructive unless its annotations say otherwise: only a
 * tool annotated {@code readOnlyHint: true} (and not {@code destructiveHint: true}) is a read; an
 * unannotated tool is excluded until an operator approves it (rule "read-only snapshot"). A read
 * whose name says it changes something is excluded too (rule "contradicting names").
 */
public final class McpImporter {

    /** Why a tool without annotations is excluded: by the MCP defaults it is not read-only. */
    public static final String UNANNOTATED = ImportedCapability.UNANNOTATED_MCP_TOOL;


    /** A server that keeps handing out cursors is cut off here. */
    static final int MAX_PAGES = 1_000;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<String, String> READ_VERBS = Map.ofEntries(Map.entry("list", "list"),
            Map.entry("search", "search"), Map.entry("find", "search"), Map.entry("query", "search"),
            Map.entry("lookup", "search"), Map.entry("get", "get"), Map.entry("fetch", "get"),
            Map.entry("read", "get"), Map.entry("retrieve", "get"), Map.entry("describe", "get"),
            Map.entry("show", "get"), Map.entry("count", "aggregate"));

    public ImportResult importTools(String server, ToolPages pages) {
        List<ImportedCapability> capabilities = new ArrayList<>();
        int invalidHints = 0;
        Set<String> cursors = new HashSet<>();
        String cursor = null;
        for (int page = 0; page < MAX_PAGES; page++) {
            ToolPages.Page listed = pages.page(cursor);
            for (McpTool tool : listed.tools()) {
                capabilities.add(capability(server, tool));
                if (tool.capabilityHint() instanceof CapabilityHint.Invalid) {
                    invalidHints++;
                }
            }
            cursor = listed.nextCursor();
            if (cursor == null || cursor.isEmpty() || !cursors.add(cursor)) {
                break;
            }
        }
        return new ImportResult("mcp", capabilities, new RelationshipInference().infer(capabilities), invalidHints);
    }

    /**
     * One tool classified by its annotations, as {@link #importTools} does: for a tool described
     * elsewhere (a catalog line) with the same trust rules.
     */
    public static ImportedCapability capability(String server, McpTool tool) {
        String name = tool.name().strip();
        boolean annotatedRead = Boolean.TRUE.equals(tool.readOnlyHint());
        boolean destructive = !Boolean.FALSE.equals(tool.destructiveHint());
        boolean read = annotatedRead && !Boolean.TRUE.equals(tool.destructiveHint());
        SideEffect sideEffect = read ? SideEffect.NONE : destructive ? SideEffect.DESTRUCTIVE : SideEffect.WRITE;
        String excluded = null;
        if (tool.readOnlyHint() == null) {
            excluded = UNANNOTATED;
        } else if (!read) {
            excluded = sideEffect.wireName() + ": annotated readOnlyHint " + tool.readOnlyHint() + ", destructiveHint "
                    + tool.destructiveHint();
        } else if (MutatingNames.mutatingWord(name, server).isPresent()) {
            excluded = MutatingNames.excludedReason(MutatingNames.mutatingWord(name, server).get());
        }
        Optional<String> oversized = ToolSchemaBounds.excess(tool.inputSchema())
                .or(() -> ToolSchemaBounds.excess(tool.outputSchema()));
        if (oversized.isPresent()) {
            excluded = "refused: " + oversized.get();
        }
        ObjectNode input = tool.inputSchema() == null || oversized.isPresent()
                ? JSON.createObjectNode().put("type", "object") : capTexts(JSON.valueToTree(tool.inputSchema()));
        ObjectNode output = tool.outputSchema() == null || oversized.isPresent() ? null
                : JSON.valueToTree(tool.outputSchema());
        OutputShape shape = OutputShape.of(output);
        ToolNameWords.NamedAction action = ToolNameWords.action(name, server, READ_VERBS.keySet());
        String operation = action.verb() != null ? READ_VERBS.get(action.verb()) : read ? "call" : "write";
        List<String> subject = action.subject();
        String entity = subject.isEmpty() ? name : String.join("-", subject.subList(0, subject.size() - 1))
                + (subject.size() > 1 ? "-" : "") + Naming.singular(subject.get(subject.size() - 1));
        // A valid hint improves what a read is about; it never touches side effect, risk or confirmation.
        if (read && tool.capabilityHint() instanceof CapabilityHint.Valid valid) {
            entity = valid.hint().entity() == null ? entity : valid.hint().entity();
            operation = valid.hint().operation() == null ? operation : valid.hint().operation();
        }
        String description = UntrustedText.line((tool.title() == null ? "" : tool.title() + ". ")
                + (tool.description() == null ? "" : tool.description()), UntrustedText.MAX_DESCRIPTION);
        return new ImportedCapability("mcp:" + server + "/" + name, name, description, "mcp:" + server, entity,
                operation, sideEffect, read ? "low" : destructive ? "high" : "medium", !read, null, null, input, output,
                shape.collectionPath(), shape.identifierFields(), excluded);
    }

    /** A parameter's description or title in a tool's schema is untrusted text: one line, capped like the OpenAPI import's. */
    static final int MAX_SCHEMA_TEXT = 200;

    private static ObjectNode capTexts(ObjectNode schema) {
        java.util.Deque<com.fasterxml.jackson.databind.JsonNode> pending = new java.util.ArrayDeque<>();
        pending.push(schema);
        while (!pending.isEmpty()) {
            com.fasterxml.jackson.databind.JsonNode node = pending.pop();
            if (node instanceof ObjectNode object) {
                for (String field : List.of("description", "title")) {
                    if (object.get(field) != null && object.get(field).isTextual()) {
                        object.put(field, UntrustedText.line(object.get(field).asText(), MAX_SCHEMA_TEXT));
                    }
                }
            }
            node.forEach(pending::push);
        }
        return schema;
    }
}
