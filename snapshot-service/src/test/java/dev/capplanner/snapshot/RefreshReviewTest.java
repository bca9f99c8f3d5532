package dev.capplanner.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Endpoint;
import dev.capplanner.snapshot.approval.Approvals;
import dev.capplanner.snapshot.approval.OperatorApproval;
import dev.capplanner.snapshot.approval.RefreshReview;
import dev.capplanner.snapshot.approval.RefreshReview.Trigger;
import dev.capplanner.snapshot.catalog.CatalogEntry;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Rule "refresh under review": what a refresh changes, and what a server adds on its own, waits for an operator. */
class RefreshReviewTest {

    final CatalogEntry orders = EntryBuilder.read("orders.list").build();

    @Test
    void aRefreshThatChangesNothingLeavesTheReadCallable() {
        assertThat(held(List.of(orders), orders, Trigger.OPERATOR)).isNull();
        assertThat(held(List.of(orders), orders, Trigger.UNTRUSTED_SERVER)).isNull();
    }

    @Test
    void aChangedPathParametersOrReadOnlyStatusIsHeldWhoeverAskedForTheRefresh() {
        CatalogEntry newPath = EntryBuilder.read("orders.list").endpoint(new Endpoint("demo-api", "GET", "/admin/orders"))
                .build();
        CatalogEntry newParameter = EntryBuilder.read("orders.list").schema(Map.of("type", "object", "properties",
                Map.of("ownerId", Map.of("type", "string")))).build();
        CatalogEntry riskier = EntryBuilder.read("orders.list").risk("medium").build();
        for (CatalogEntry changed : List.of(newPath, newParameter, riskier)) {
            assertThat(held(List.of(orders), changed, Trigger.OPERATOR)).isEqualTo(RefreshReview.CHANGED_ON_REFRESH);
            assertThat(held(List.of(orders), changed, Trigger.UNTRUSTED_SERVER))
                    .isEqualTo(RefreshReview.CHANGED_ON_REFRESH);
        }
    }

    @Test
    void aDescriptionChangeIsNotAReviewedChange() {
        CatalogEntry reworded = new CatalogEntry(orders.name(), orders.connection(), orders.kind(), orders.family(),
                orders.entity(), orders.operation(), "Lists orders, newest first.", orders.aliases(), orders.sideEffect(),
                orders.risk(), orders.requiresConfirmation(), orders.requiredPermissions(), orders.publicAccess(),
                orders.endpoint(), orders.inputSchema(), orders.outputCollectionPath(), null, orders.outputPaths(),
                orders.inputsFrom(), orders.outputSchema());
        assertThat(held(List.of(orders), reworded, Trigger.UNTRUSTED_SERVER)).isNull();
    }

    @Test
    void aToolTheServerAddsOnItsOwnIsHeldButOneTheOperatorImportsIsNot() {
        CatalogEntry added = EntryBuilder.read("export_everything").kind("mcp").build();
        assertThat(held(List.of(orders), added, Trigger.UNTRUSTED_SERVER)).isEqualTo(RefreshReview.ADDED_BY_SERVER);
        assertThat(held(List.of(orders), added, Trigger.OPERATOR)).isNull();
    }

    @Test
    void theHoldStaysAcrossRefreshesUntilApprovedAndTheApprovalSurvivesThem() {
        CatalogEntry added = EntryBuilder.read("export_everything").kind("mcp").build();
        CatalogEntry firstTime = RefreshReview.reviewed(List.of(), List.of(added), Trigger.UNTRUSTED_SERVER).get(0);
        CatalogEntry again = RefreshReview.reviewed(List.of(firstTime), List.of(added), Trigger.UNTRUSTED_SERVER).get(0);
        assertThat(again.reviewHold()).as("the same definition stays held").isEqualTo(RefreshReview.ADDED_BY_SERVER);
        CatalogEntry byOperator = RefreshReview.reviewed(List.of(firstTime), List.of(added), Trigger.OPERATOR).get(0);
        assertThat(byOperator.reviewHold()).as("an operator's refresh does not lift it either").isNotNull();

        OperatorApproval approval = new OperatorApproval(again.connection(), again.name(),
                Approvals.definitionHash(again), "ops", Instant.EPOCH, "reviewed");
        CatalogEntry stillApproved = Approvals.apply(RefreshReview.reviewed(List.of(again), List.of(added),
                Trigger.UNTRUSTED_SERVER), List.of(approval)).get(0);
        assertThat(stillApproved.reviewHold()).isNull();
    }

    @Test
    void theImportsOwnHoldAndWritesAreLeftAsTheyAre() {
        CatalogEntry write = EntryBuilder.read("reroute").sideEffect("write").build();
        assertThat(held(List.of(), write, Trigger.UNTRUSTED_SERVER)).isNull();
        CatalogEntry unannotated = EntryBuilder.read("label").reviewHold(Approvals.UNANNOTATED_MCP_TOOL).build();
        assertThat(held(List.of(), unannotated, Trigger.UNTRUSTED_SERVER)).isEqualTo(Approvals.UNANNOTATED_MCP_TOOL);
    }

    private static String held(List<CatalogEntry> before, CatalogEntry entry, Trigger trigger) {
        return RefreshReview.reviewed(before, List.of(entry), trigger).get(0).reviewHold();
    }
}
