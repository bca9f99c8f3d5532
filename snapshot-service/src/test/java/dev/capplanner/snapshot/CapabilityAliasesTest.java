package dev.capplanner.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.importing.openapi.OpenApiImporter;
import dev.capplanner.snapshot.approval.Approvals;
import dev.capplanner.snapshot.catalog.CatalogEntry;
import dev.capplanner.snapshot.catalog.OperatorAliases;
import dev.capplanner.snapshot.connection.ConnectionRegistration;
import dev.capplanner.snapshot.sourceimport.ImportedEntries;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Seed rule (hesabix, "smaller rules"): imported capabilities get aliases ranking reads: inferred ones
 * are offered to the operator, whose own are ranked; aliases grant nothing, so they never touch an approval.
 */
class CapabilityAliasesTest {

    static final String SOURCE = """
            {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {
              "/customers": {"get": {"operationId": "searchCustomers", "parameters": [
                {"name": "name", "in": "query", "required": true, "schema": {"type": "string"}}],
                "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {
                  "type": "object", "properties": {"items": {"type": "array", "items": {"type": "object",
                    "properties": {"id": {"type": "string"}, "name": {"type": "string"}}}}}}}}}}}}}}""";

    static final ConnectionRegistration REGISTRATION = new ConnectionRegistration("crm", "acme", "desk", "openapi",
            "http://x/openapi.json", "crm-api", List.of(), Map.of(), List.of(), Map.of());

    @Test
    void anImportedCapabilityIsOfferedTheAliasesItsOperationAndEntityImplyButRankedByNoneUntilAnOperatorSetsThem()
            throws Exception {
        CatalogEntry entry = imported();

        assertThat(entry.operation()).isEqualTo("search");
        assertThat(OperatorAliases.suggested(entry)).contains("find customer", "look up customer");
        assertThat(entry.aliases()).as("measured: ranking inferred aliases loses questions").isEmpty();
    }

    @Test
    void anOperatorsAliasesReplaceTheInferredOnesOfThatCapabilityOnly() throws Exception {
        CatalogEntry entry = imported();
        CatalogEntry other = entry.withAliases(List.of("x")).withReviewHold(null);
        OperatorAliases set = new OperatorAliases("crm", entry.name(), List.of("client lookup", "who is"), "admin",
                Instant.EPOCH, "support wording");

        List<CatalogEntry> applied = OperatorAliases.apply(List.of(entry, new CatalogEntry(other.name(), "elsewhere",
                other.kind(), other.family(), other.entity(), other.operation(), other.description(), other.aliases(),
                other.sideEffect(), other.risk(), other.requiresConfirmation(), other.requiredPermissions(),
                other.publicAccess(), other.endpoint(), other.inputSchema(), other.outputCollectionPath(), null)),
                List.of(set));

        assertThat(applied.get(0).aliases()).containsExactly("client lookup", "who is");
        assertThat(applied.get(1).aliases()).as("the same name on another connection").containsExactly("x");
    }

    @Test
    void aliasesAreBoundedPlainTextAndTrimmed() {
        assertThat(OperatorAliases.problem(null)).isPresent();
        assertThat(OperatorAliases.problem(java.util.Collections.nCopies(11, "a"))).isPresent();
        assertThat(OperatorAliases.problem(List.of("a".repeat(61)))).isPresent();
        assertThat(OperatorAliases.problem(List.of(" "))).isPresent();
        assertThat(OperatorAliases.problem(List.of("find\u0000 customer"))).isPresent();
        assertThat(OperatorAliases.problem(List.of("find\u202e customer"))).isPresent();
        assertThat(OperatorAliases.problem(List.of("find customer", ""))).isPresent();
        assertThat(OperatorAliases.problem(List.of())).isEmpty();
        assertThat(OperatorAliases.normalized(List.of(" client ", "client", "who"))).containsExactly("client", "who");
    }

    @Test
    void anApprovalHoldsWhateverTheAliasesSinceTheyGrantNothing() throws Exception {
        CatalogEntry entry = imported();
        assertThat(Approvals.definitionHash(entry.withAliases(List.of("other words"))))
                .isEqualTo(Approvals.definitionHash(entry))
                .isEqualTo(Approvals.definitionHash(entry.withAliases(List.of())));
        assertThat(Approvals.definitionHash(entry.withReviewHold("changed"))).isNotEqualTo(Approvals.definitionHash(entry));
    }

    private static CatalogEntry imported() throws Exception {
        return ImportedEntries.of(new OpenApiImporter().importDocument(new ObjectMapper().readTree(SOURCE), "crm",
                Set.of()), REGISTRATION).get(0);
    }
}
