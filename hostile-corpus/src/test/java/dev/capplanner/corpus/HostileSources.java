package dev.capplanner.corpus;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.CapabilityNames;
import dev.capplanner.contracts.events.Endpoint;
import dev.capplanner.contracts.events.InputSource;
import dev.capplanner.contracts.events.OutputFields;
import dev.capplanner.contracts.inputschema.InputSchema;
import dev.capplanner.importing.inference.OutputShape;
import dev.capplanner.importing.mcp.CapabilityHint;
import dev.capplanner.importing.mcp.McpImporter;
import dev.capplanner.importing.mcp.McpTool;
import dev.capplanner.importing.mcp.ToolPages;
import dev.capplanner.importing.model.ImportResult;
import dev.capplanner.importing.model.ImportedCapability;
import dev.capplanner.importing.model.Relationship;
import dev.capplanner.importing.openapi.OpenApiImporter;
import dev.capplanner.importing.openapi.OpenApiSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The remote sources of every corpus run, with the entry's text planted where it says: an MCP server
 * {@code crm} (two reads, a destructive tool, an unannotated export) and an OpenAPI connection
 * {@code billing} (a read and a delete). Both are imported with the registry's own import code, and
 * the reads become the snapshot as the registry's import does it ({@code ImportedEntries}): named by
 * kind and connection, {@code tenant} bound from the run ({@code x-capplanner-bind}), output paths and
 * relationships kept. Writes and unannotated tools never enter it.
 */
final class HostileSources {

    static final String MCP_SERVER = "crm";
    static final String API = "billing";
    static final Set<String> BOUND = Set.of("tenant");
    static final String GET_CUSTOMER = CapabilityNames.qualified("mcp", MCP_SERVER, "get_customer");
    static final String LIST_ORDERS = CapabilityNames.qualified("mcp", MCP_SERVER, "list_orders");
    static final String DELETE_CUSTOMER = CapabilityNames.qualified("mcp", MCP_SERVER, "delete_customer");
    static final String EXPORT = CapabilityNames.qualified("mcp", MCP_SERVER, "export_all_data");

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String NESTED = "nested-value-placeholder";
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() { };

    private HostileSources() {
    }

    /** The MCP server's tools/list, as the MCP client hands it to the importer. */
    static List<McpTool> mcpTools(CorpusEntry entry) {
        String toolText = entry.plantedIn("tool-description") ? entry.plantedText() : "";
        Map<String, Object> meta = entry.plantedIn("mcp-meta") ? hostileMeta(entry) : null;
        return List.of(
                new McpTool("get_customer", null, "One customer by its id. " + toolText,
                        inputSchema(entry, "^C-[0-9]{4}$"), customerOutput(), true, false, CapabilityHint.read(meta)),
                new McpTool("list_orders", null, "The orders of one customer. " + toolText,
                        inputSchema(entry, null), ordersOutput(), true, false, CapabilityHint.read(meta)),
                new McpTool("delete_customer", null, "Deletes a customer. " + toolText, inputSchema(entry, null),
                        null, false, true, CapabilityHint.read(meta)),
                new McpTool("export_all_data", null, "Exports every tenant's data. " + toolText,
                        inputSchema(entry, null), null, null, null, CapabilityHint.read(meta)));
    }

    /** The {@code _meta} a hostile server sends: its text as the capability hint and beside it. */
    private static Map<String, Object> hostileMeta(CorpusEntry entry) {
        Map<String, Object> hint = new LinkedHashMap<>();
        hint.put("entity", entry.depth() > 0 ? entry.plantedValue() : entry.plantedText());
        hint.put("operation", "get");
        Map<String, Object> meta = new LinkedHashMap<>();
        meta.put("capplanner/capability", hint);
        meta.put("instructions", entry.plantedValue());
        return meta;
    }

    private static Map<String, Object> inputSchema(CorpusEntry entry, String pattern) {
        Map<String, Object> customerId = new LinkedHashMap<>();
        customerId.put("type", "string");
        customerId.put("maxLength", 64);
        if (pattern != null) {
            customerId.put("pattern", pattern);
        }
        customerId.put("description", entry.plantedIn("parameter-description") && entry.depth() == 0
                ? "The customer's id. " + entry.plantedText() : "The customer's id.");
        if (entry.plantedIn("parameter-description") && entry.depth() > 0) {
            customerId.put("examples", entry.plantedValue());
        }
        return Map.of("type", "object", "additionalProperties", false, "required", List.of("customerId"),
                "properties", Map.of("customerId", customerId, "tenant", Map.of("type", "string")));
    }

    private static Map<String, Object> customerOutput() {
        return Map.of("type", "object", "properties", Map.of("id", Map.of("type", "string"),
                "name", Map.of("type", "string"), "note", Map.of("type", "string")));
    }

    private static Map<String, Object> ordersOutput() {
        return Map.of("type", "object", "properties", Map.of("items", Map.of("type", "array", "items",
                Map.of("type", "object", "properties", Map.of("id", Map.of("type", "string"),
                        "status", Map.of("type", "string"), "note", Map.of("type", "string"))))));
    }

    /** The billing connection's OpenAPI document, as text, as a registration fetches it. */
    static String openApiDocument(CorpusEntry entry) {
        Map<String, Object> pathParameter = new LinkedHashMap<>();
        pathParameter.put("name", "customerId");
        pathParameter.put("in", "path");
        pathParameter.put("required", true);
        pathParameter.put("schema", Map.of("type", "string"));
        if (entry.plantedIn("parameter-description") && entry.depth() == 0) {
            pathParameter.put("description", entry.plantedText());
        }
        Map<String, Object> read = new LinkedHashMap<>();
        read.put("operationId", "listInvoices");
        read.put("summary", "The invoices of one customer");
        if (entry.plantedIn("openapi-description")) {
            if (entry.depth() > 0) {
                read.put("x-notes", NESTED);
            } else {
                read.put("description", entry.plantedText());
            }
        }
        read.put("parameters", List.of(pathParameter,
                Map.of("name", "tenant", "in", "query", "required", true, "schema", Map.of("type", "string"))));
        read.put("responses", Map.of("200", Map.of("description", "ok", "content", Map.of("application/json",
                Map.of("schema", Map.of("type", "object", "properties", Map.of("items", Map.of("type", "array",
                        "items", Map.of("type", "object", "properties", Map.of("id", Map.of("type", "string"),
                                "amount", Map.of("type", "number")))))))))));
        Map<String, Object> delete = Map.of("operationId", "deleteCustomer", "parameters", List.of(pathParameter),
                "responses", Map.of("204", Map.of("description", "deleted")));
        Map<String, Object> document = Map.of("openapi", "3.0.3",
                "info", Map.of("title", "Billing", "version", "1"),
                "paths", Map.of("/customers/{customerId}/invoices", Map.of("get", read),
                        "/customers/{customerId}", Map.of("delete", delete)));
        try {
            // Jackson's writer refuses to nest deeper than 1000: the deep value is spliced in as text,
            // which is what a hostile server sends.
            String nested = "[".repeat(entry.depth()) + JSON.writeValueAsString(entry.plantedText())
                    + "]".repeat(entry.depth());
            return JSON.writeValueAsString(document).replace("\"" + NESTED + "\"", nested);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static ImportResult importMcp(CorpusEntry entry) {
        return new McpImporter().importTools(MCP_SERVER, cursor -> new ToolPages.Page(mcpTools(entry), null));
    }

    static ImportResult importOpenApi(CorpusEntry entry) {
        return new OpenApiImporter().importDocument(OpenApiSource.document(openApiDocument(entry), "billing.json"),
                API, BOUND);
    }

    /** The reads of both imports as the snapshot holds them. */
    static List<Capability> snapshot(ImportResult mcp, ImportResult api) {
        List<Capability> snapshot = new ArrayList<>();
        snapshot.addAll(capabilities(mcp, "mcp", MCP_SERVER));
        snapshot.addAll(capabilities(api, "api", API));
        return snapshot;
    }

    private static List<Capability> capabilities(ImportResult result, String kind, String connection) {
        Map<String, String> names = new HashMap<>();
        result.capabilities().forEach(c -> names.put(c.id(), CapabilityNames.qualified(kind, connection, c.name())));
        Map<String, List<InputSource>> inputsFrom = new HashMap<>();
        for (Relationship relationship : result.relationships()) {
            if (!BOUND.contains(relationship.input()) && names.containsKey(relationship.provider())) {
                inputsFrom.computeIfAbsent(relationship.consumer(), id -> new ArrayList<>()).add(new InputSource(
                        relationship.input(), names.get(relationship.provider()), relationship.outputPath()));
            }
        }
        return result.capabilities().stream().filter(ImportedCapability::readOnly)
                .map(c -> capability(c, kind, connection, names.get(c.id()), inputsFrom.getOrDefault(c.id(), List.of())))
                .toList();
    }

    private static Capability capability(ImportedCapability imported, String kind, String connection, String name,
                                         List<InputSource> inputsFrom) {
        Map<String, Object> outputSchema = imported.outputSchema() == null ? null
                : JSON.convertValue(imported.outputSchema(), MAP);
        List<String> outputPaths = imported.outputSchema() == null ? List.of()
                : OutputShape.of(imported.outputSchema()).identifierPaths();
        Endpoint endpoint = kind.equals("mcp") ? Endpoint.mcpTool(connection, imported.name())
                : new Endpoint(connection, imported.method().toUpperCase(Locale.ROOT), imported.path());
        Map<String, Object> input = InputSchema.markBound(JSON.convertValue(imported.inputSchema(), MAP),
                Map.of("tenant", "tenant"));
        return new Capability(name, kind, kind + ":" + connection + "/" + imported.entity(), imported.entity(),
                imported.operation(), imported.description(), List.of(), true, endpoint, input,
                imported.collectionPath(), outputPaths, inputsFrom, outputSchema, OutputFields.of(outputSchema));
    }
}
