package dev.capplanner.importing.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.capplanner.importing.mcp.McpImporter;
import dev.capplanner.importing.model.ImportResult;
import dev.capplanner.importing.model.ImportedCapability;
import org.junit.jupiter.api.Test;

/** Rule "static catalogs": a catalog line is trusted no more than an MCP tool, and can only be stricter. */
class CatalogImporterTest {

    private final CatalogImporter importer = new CatalogImporter();

    @Test
    void annotationsDecideAndAMissingOneExcludes() {
        ImportResult result = importer.importLines("tools", """
                {"id": "mcp:github/list_issues", "name": "list_issues", "description": "List issues.", "annotations": {"readOnlyHint": true}}
                {"id": "mcp:github/create_issue", "name": "create_issue", "annotations": {"readOnlyHint": false}}
                {"id": "weather", "description": "Weather for a city."}
                {"name": "delete_note", "annotations": {"readOnlyHint": true, "destructiveHint": false}}
                """);
        assertThat(result.capabilities()).filteredOn(ImportedCapability::readOnly).extracting(ImportedCapability::name)
                .containsExactly("list_issues");
        assertThat(find(result, "weather").excludedReason()).isEqualTo(McpImporter.UNANNOTATED);
        assertThat(find(result, "delete_note").excludedReason()).contains("delete");
        assertThat(find(result, "list_issues").method()).as("no endpoint: an MCP tool").isNull();
    }

    @Test
    void aLineCanOnlyMakeItselfStricter() {
        ImportResult result = importer.importLines("tools", """
                {"name": "list_orders", "annotations": {"readOnlyHint": true}, "risk": "high"}
                {"name": "list_invoices", "annotations": {"readOnlyHint": true}, "requiresConfirmation": true}
                {"name": "list_refunds", "annotations": {"readOnlyHint": true}, "excludedReason": "under audit"}
                {"name": "list_payments", "annotations": {"readOnlyHint": true}, "risk": "low", "endpoint": {"method": "POST", "path": "/payments"}}
                {"name": "list_customers", "annotations": {"readOnlyHint": true}, "endpoint": {"method": "get", "path": "/customers"}}
                """);
        assertThat(result.capabilities()).filteredOn(ImportedCapability::readOnly).extracting(ImportedCapability::name)
                .containsExactly("list_customers");
        assertThat(find(result, "list_orders").risk()).isEqualTo("high");
        assertThat(find(result, "list_refunds").excludedReason()).isEqualTo("excluded by the catalog: under audit");
        assertThat(find(result, "list_payments").excludedReason()).isEqualTo("write: an HTTP POST endpoint");
        assertThat(find(result, "list_customers").method()).isEqualTo("GET");
    }

    @Test
    void aLineWhoseEndpointPathIsNotAPathTemplateIsRefusedByLineNumber() {
        ImportResult result = importer.importLines("tools", """
                {"name": "list_customers", "annotations": {"readOnlyHint": true}, "endpoint": {"method": "GET", "path": "/customers?tenant=globex"}}
                {"name": "get_order", "annotations": {"readOnlyHint": true}, "endpoint": {"method": "GET", "path": "/orders/{id}"}}
                {"name": "steal", "annotations": {"readOnlyHint": true}, "endpoint": {"method": "GET", "path": "//evil.example/x"}}
                """);
        assertThat(result.capabilities()).extracting(ImportedCapability::name).containsExactly("get_order");
        assertThat(result.refused()).extracting(r -> r.location()).containsExactly("line 1", "line 3");
        assertThat(result.refused().get(0).reason()).contains("query string");
    }

    @Test
    void aBadLineOrATwiceNamedToolIsAnErrorNamingTheLine() {
        assertThatThrownBy(() -> importer.importLines("tools", "{\"name\": \"a\"}\n\n[1, 2]"))
                .hasMessage("catalog line 3: not a JSON object");
        assertThatThrownBy(() -> importer.importLines("tools", "{\"name\": \"a\"}\n{\"name\": \"a\"}"))
                .hasMessage("catalog line 2: line 1 names a tool 'a' already: give each tool of a catalog its own name");
        assertThatThrownBy(() -> importer.importLines("tools", "{\"description\": \"nameless\"}"))
                .hasMessage("catalog line 1: a tool needs a name (or an id)");
    }

    private static ImportedCapability find(ImportResult result, String name) {
        return result.capabilities().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }
}
