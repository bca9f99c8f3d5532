package dev.capplanner.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Endpoint;
import dev.capplanner.snapshot.approval.Approvals;
import dev.capplanner.snapshot.approval.OperatorApproval;
import dev.capplanner.snapshot.authorization.AccessDecision;
import dev.capplanner.snapshot.authorization.AccessPolicy;
import dev.capplanner.snapshot.authorization.Audience;
import dev.capplanner.snapshot.catalog.Catalog;
import dev.capplanner.snapshot.catalog.CatalogEntry;
import dev.capplanner.snapshot.connection.Connection;
import dev.capplanner.snapshot.registry.RegistryState;
import dev.capplanner.snapshot.registry.RoleGrant;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Rule "operator approval": only what the import held back, only for the definition approved. */
class ApprovalsTest {

    static final Connection SHIPPING = new Connection("shipping-desk", "acme", "desk", "mcp", true);
    static final Audience AGENT = new Audience("acme", "desk", List.of("agent"));
    final AccessPolicy policy = new AccessPolicy();

    /** As the import registers an MCP tool without annotations: destructive by the defaults, and held. */
    final CatalogEntry unannotated = EntryBuilder.read("shipping_label_preview").connection("shipping-desk").kind("mcp")
            .endpoint(Endpoint.mcpTool("shipping-desk", "shipping_label_preview")).sideEffect("destructive")
            .risk("high").confirmation(true).reviewHold(Approvals.UNANNOTATED_MCP_TOOL).build();

    @Test
    void anUnannotatedToolIsHeldUntilApprovedAndThenAReadOfMediumRisk() {
        assertThat(decide(unannotated, List.of())).isEqualTo(AccessDecision.deny("held for operator review: "
                + Approvals.UNANNOTATED_MCP_TOOL));
        CatalogEntry approved = Approvals.apply(List.of(unannotated), List.of(approvalOf(unannotated))).get(0);
        assertThat(approved.reviewHold()).isNull();
        assertThat(approved).extracting(CatalogEntry::sideEffect, CatalogEntry::risk, CatalogEntry::requiresConfirmation)
                .containsExactly("read", "medium", false);
        assertThat(decide(unannotated, List.of(approvalOf(unannotated)))).isEqualTo(AccessDecision.allow());
    }

    @Test
    void aHeldReadKeepsItsOwnClassificationWhenApproved() {
        CatalogEntry held = EntryBuilder.read("tickets.sendReminder").reviewHold("read-only status contradicts its"
                + " name (send): excluded until an operator reviews it").build();
        CatalogEntry approved = Approvals.apply(List.of(held), List.of(approvalOf(held))).get(0);
        assertThat(approved).extracting(CatalogEntry::sideEffect, CatalogEntry::risk, CatalogEntry::reviewHold)
                .containsExactly("none", "low", null);
    }

    @Test
    void anExplicitWriteIsNeverApprovable() {
        CatalogEntry write = EntryBuilder.read("reroute_shipment").kind("mcp").sideEffect("write").risk("medium")
                .confirmation(true).build();
        assertThat(Approvals.whyNotApprovable(write)).hasValueSatisfying(why ->
                assertThat(why).startsWith("only a capability held for review can be approved"));
        assertThat(Approvals.whyNotApprovable(unannotated)).isEmpty();
    }

    @Test
    void anApprovalForAnEarlierDefinitionDoesNotApply() {
        OperatorApproval forTheOldTool = approvalOf(unannotated);
        CatalogEntry changed = EntryBuilder.read("shipping_label_preview").connection("shipping-desk").kind("mcp")
                .endpoint(Endpoint.mcpTool("shipping-desk", "shipping_label_preview")).sideEffect("destructive")
                .risk("high").confirmation(true).reviewHold(Approvals.UNANNOTATED_MCP_TOOL)
                .permissions(List.of("orders:read", "labels:print")).build();
        assertThat(Approvals.apply(List.of(changed), List.of(forTheOldTool))).containsExactly(changed);
    }

    @Test
    void anApprovalOfAnotherConnectionDoesNotApply() {
        OperatorApproval elsewhere = new OperatorApproval("other-desk", unannotated.name(),
                Approvals.definitionHash(unannotated), "ops", Instant.EPOCH, "checked");
        assertThat(Approvals.apply(List.of(unannotated), List.of(elsewhere))).containsExactly(unannotated);
    }

    private AccessDecision decide(CatalogEntry entry, List<OperatorApproval> approvals) {
        RegistryState registry = new RegistryState(1, List.of(SHIPPING),
                new Catalog(Approvals.apply(List.of(entry), approvals)), List.of(new RoleGrant("acme", "agent", "orders:read")));
        return policy.decide(registry, AGENT, entry.name());
    }

    private static OperatorApproval approvalOf(CatalogEntry entry) {
        return new OperatorApproval(entry.connection(), entry.name(), Approvals.definitionHash(entry), "ops@acme",
                Instant.parse("2026-11-30T10:00:00Z"), "prints nothing; a preview only");
    }
}
