package dev.capplanner.importing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.importing.openapi.OpenApiImporter;
import dev.capplanner.importing.openapi.OpenApiSource;
import dev.capplanner.importing.rollout.ImportedSubjects;
import dev.capplanner.importing.rollout.RolloutBlocker;
import dev.capplanner.importing.rollout.RolloutReport;
import dev.capplanner.importing.rollout.RolloutSubject;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The per-capability rollout report (seed askmydocs: "treat missing API output schemas and missing MCP
 * collection paths as rollout blockers for multi-step workflows; inference is a fallback, not a contract").
 */
class RolloutReportTest {

    @Test
    void eachMissingDeclarationIsABlockerThatSaysWhatItBlocksAndHowToFixIt() {
        RolloutSubject search = new RolloutSubject("customers.search", "search", false, null, null, List.of("name"),
                List.of());
        RolloutSubject orders = new RolloutSubject("orders.list", "list", true, "items", null, List.of("customerId"),
                List.of(new RolloutSubject.Feed("customerId", "customers.search")));
        RolloutSubject invoice = new RolloutSubject("invoices.detail", "detail", true, null, null,
                List.of("invoice_id", "tenant"), List.of());
        RolloutSubject held = new RolloutSubject("send_reminder", "read", true, null, "its name says it writes",
                List.of(), List.of());

        List<RolloutBlocker> blockers = RolloutReport.of(List.of(search, orders, invoice, held));

        assertThat(blockers).extracting(b -> b.capability() + " " + b.kind() + (b.input() == null ? "" : " " + b.input()))
                .containsExactly("customers.search no-output-schema", "customers.search no-collection-path",
                        "invoices.detail unfed-identifier invoice_id", "send_reminder held-for-review");
        assertThat(blockers.get(0).blocks()).as("the chain through it is named").contains("orders.list")
                .contains("inferred");
        assertThat(blockers.get(0).fix()).contains("outputSchema");
        assertThat(blockers.get(3).blocks()).contains("its name says it writes");
    }

    @Test
    void aReadWhoseIdentifierIsFedAndWhoseOutputIsDeclaredBlocksNothing() {
        RolloutSubject detail = new RolloutSubject("orders.detail", "detail", true, null, null, List.of("orderId"),
                List.of(new RolloutSubject.Feed("orderId", "orders.list")));
        assertThat(RolloutReport.of(List.of(detail))).isEmpty();
        RolloutSubject paid = new RolloutSubject("orders.paid", "detail", true, null, null, List.of("paid", "valid"),
                List.of());
        assertThat(RolloutReport.of(List.of(paid))).as("words ending in -id are no identifiers").isEmpty();
    }

    @Test
    void anImportedDocumentsReadsAndHeldOperationsAreReportedButNotItsWrites() {
        var result = new OpenApiImporter().importDocument(OpenApiSource.read(
                "src/test/resources/openapi/petclinic-swagger2.json"), "petclinic");
        List<RolloutBlocker> blockers = RolloutReport.of(ImportedSubjects.of(result));
        assertThat(blockers).extracting(b -> b.capability() + " " + b.kind())
                .contains("listOwners no-collection-path")
                .noneMatch(line -> line.startsWith("addOwner") || line.startsWith("cancelVisit"));
    }
}
