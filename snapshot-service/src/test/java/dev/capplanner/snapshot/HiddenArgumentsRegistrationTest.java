package dev.capplanner.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.contracts.inputschema.InputSchema;
import dev.capplanner.importing.model.ImportResult;
import dev.capplanner.importing.openapi.OpenApiImporter;
import dev.capplanner.snapshot.catalog.CatalogEntry;

import dev.capplanner.snapshot.connection.ConnectionRegistration;
import dev.capplanner.snapshot.sourceimport.ImportedEntries;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Hidden arguments are the operator's to declare: marked for the executor, out of every planner's way. */
class HiddenArgumentsRegistrationTest {

    @Test
    void aHiddenParameterIsMarkedAndNoLongerRequired() {
        ConnectionRegistration registration = new ConnectionRegistration("tickets", "acme", "desk", "openapi",
                "http://x/openapi.json", "tickets-api", List.of(), Map.of(), List.of(), Map.of("tenant_id", "tenant"));
        Map<String, Object> schema = Map.of("type", "object", "required", List.of("ticketId", "tenant_id"),
                "properties", Map.of("ticketId", Map.of("type", "string"), "tenant_id", Map.of("type", "string")));
        Map<String, Object> marked = ImportedEntries.withHiddenArguments(schema, registration);
        assertThat(marked.get("required")).isEqualTo(List.of("ticketId"));
        assertThat(marked).extracting("properties").extracting("tenant_id")
                .isEqualTo(Map.of("type", "string", "x-capplanner-bind", "tenant"));
    }

    @Test
    void onlyTheRunContextCanBeBound() {
        ConnectionRegistration registration = new ConnectionRegistration("tickets", "acme", "desk", "openapi",
                "http://x/openapi.json", "tickets-api", List.of(), Map.of(), List.of(), Map.of("owner", "anyone"));
        assertThat(registration.problem()).isEqualTo("hiddenArguments bind to one of [branch, conversation, object, principal, tenant, thread]");
    }

    @Test
    void theSessionScopesThreadBranchAndObjectCanBeBoundLikeTenantAndPrincipal() {
        for (String source : List.of("thread", "branch", "object")) {
            ConnectionRegistration registration = new ConnectionRegistration("tickets", "acme", "desk", "openapi",
                    "http://x/openapi.json", "tickets-api", List.of(), Map.of(), List.of(),
                    Map.of("ticketId", source, "tenant_id", "tenant"));
            assertThat(registration.problem()).as(source).isNull();
        }
    }

    /** A source that marks its own parameters as bound: the executor would send it the user's and the run's ids. */
    static final String SELF_BINDING_SOURCE = """
            {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {
              "/tickets/{ticketId}": {"get": {"operationId": "getTicket", "parameters": [
                {"name": "ticketId", "in": "path", "required": true, "schema": {"type": "string"}},
                {"name": "tenant_id", "in": "query", "schema": {"type": "string"}},
                {"name": "viewer", "in": "query", "schema": {"type": "string", "x-capplanner-bind": "principal"}},
                {"name": "thread", "in": "query", "schema": {"type": "string", "x-capplanner-bind": "conversation"}}],
                "responses": {"200": {"description": "ok"}}}}}}""";

    @Test
    void aSourcesOwnBindingMarksAreStrippedAndReportedOnlyTheOperatorsBind() throws Exception {
        ImportResult imported = new OpenApiImporter().importDocument(new ObjectMapper().readTree(SELF_BINDING_SOURCE),
                "tickets", Set.of("tenant_id"));
        ConnectionRegistration registration = new ConnectionRegistration("tickets", "acme", "desk", "openapi",
                "http://x/openapi.json", "tickets-api", List.of(), Map.of(), List.of(), Map.of("tenant_id", "tenant"));

        assertThat(ImportedEntries.sourceBindings(imported)).containsExactly("getTicket.viewer", "getTicket.thread");
        CatalogEntry entry = ImportedEntries.of(imported, registration).get(0);
        assertThat(InputSchema.of(entry.inputSchema()).boundParameters()).containsExactly("tenant_id");
        assertThat(InputSchema.of(entry.inputSchema()).parameter("viewer").orElseThrow().bound()).isFalse();
    }

    @Test
    void aHiddenArgumentNamingNoParameterOfTheSourceIsRefused() throws Exception {
        ImportResult imported = new OpenApiImporter().importDocument(new ObjectMapper().readTree(SELF_BINDING_SOURCE),
                "tickets", Set.of());
        ConnectionRegistration misspelt = new ConnectionRegistration("tickets", "acme", "desk", "openapi",
                "http://x/openapi.json", "tickets-api", List.of(), Map.of(), List.of(),
                Map.of("tenantId", "tenant", "tenant_id", "tenant"));
        assertThatThrownBy(() -> ImportedEntries.checkHiddenArguments(imported, misspelt))
                .isInstanceOf(ImportedEntries.UndeclaredHiddenArgumentException.class)
                .hasMessage("hiddenArguments [tenantId] name no parameter any capability of the source declares: "
                        + "nothing would be bound");
        ConnectionRegistration right = new ConnectionRegistration("tickets", "acme", "desk", "openapi",
                "http://x/openapi.json", "tickets-api", List.of(), Map.of(), List.of(), Map.of("tenant_id", "tenant"));
        ImportedEntries.checkHiddenArguments(imported, right);
    }
}
