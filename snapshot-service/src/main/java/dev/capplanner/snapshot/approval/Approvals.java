package dev.capplanner.snapshot.approval;

import dev.capplanner.contracts.json.CanonicalJson;
import dev.capplanner.snapshot.catalog.CatalogEntry;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Operator approval of what the import held back (rule "operator approval"). Only a held capability
 * can be approved: a read whose name says it writes, or an MCP tool without annotations (by the MCP
 * specification's defaults not read-only). An explicit write, a destructive tool or an operation
 * with a writing HTTP method is never held, so it can never be approved into a snapshot. An approval
 * names the definition it was given for; when the source changes the tool, the approval no longer
 * applies and the capability is held again.
 */
public final class Approvals {

    /** The hold the import puts on an MCP tool that has no annotations. */
    public static final String UNANNOTATED_MCP_TOOL =
            "unannotated MCP tool: not read-only by the MCP defaults; an operator may approve it";

    private Approvals() {
    }

    /**
     * The hash an approval is given for: the capability exactly as imported, its aliases aside (search
     * text that grants nothing: inferring them anew, or an operator's edit, keeps an approval).
     */
    public static String definitionHash(CatalogEntry entry) {
        return CanonicalJson.sha256(CanonicalJson.bytes(entry.withAliases(List.of())));
    }

    /** Why the capability cannot be approved; empty when it can. */
    public static Optional<String> whyNotApprovable(CatalogEntry entry) {
        if (entry.reviewHold() == null) {
            return Optional.of("only a capability held for review can be approved; " + entry.name()
                    + " is not held (an explicit write or destructive tool is never approved as a read)");
        }
        return Optional.empty();
    }

    /** The entries with every approval that matches its capability's current definition applied. */
    public static List<CatalogEntry> apply(List<CatalogEntry> entries, Collection<OperatorApproval> approvals) {
        Map<String, OperatorApproval> byCapability = new HashMap<>();
        approvals.forEach(a -> byCapability.put(a.connection() + "\n" + a.capability(), a));
        return entries.stream().map(entry -> {
            OperatorApproval approval = byCapability.get(entry.connection() + "\n" + entry.name());
            return approval != null && entry.reviewHold() != null
                    && approval.definitionHash().equals(definitionHash(entry)) ? approved(entry) : entry;
        }).toList();
    }

    /**
     * The held capability as the operator approved it: no longer held; an unannotated MCP tool, which
     * the MCP defaults made destructive, becomes a read of medium risk without confirmation.
     */
    static CatalogEntry approved(CatalogEntry entry) {
        boolean unannotated = UNANNOTATED_MCP_TOOL.equals(entry.reviewHold());
        return new CatalogEntry(entry.name(), entry.connection(), entry.kind(), entry.family(), entry.entity(),
                entry.operation(), entry.description(), entry.aliases(), unannotated ? "read" : entry.sideEffect(),
                unannotated ? "medium" : entry.risk(), unannotated ? Boolean.FALSE : entry.requiresConfirmation(),
                entry.requiredPermissions(), entry.publicAccess(), entry.endpoint(), entry.inputSchema(),
                entry.outputCollectionPath(), null, entry.outputPaths(), entry.inputsFrom(), entry.outputSchema());
    }
}
