package dev.capplanner.snapshot.building;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.SnapshotRef;
import dev.capplanner.contracts.json.CanonicalJson;
import dev.capplanner.snapshot.authorization.Audience;
import dev.capplanner.snapshot.authorization.Eligibility;
import dev.capplanner.snapshot.authorization.SnapshotPolicy;
import dev.capplanner.snapshot.catalog.Catalog;
import dev.capplanner.snapshot.catalog.CatalogEntry;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Cuts a run's snapshot from the catalog (rule "immutable snapshot"): only eligible
 * entries, sorted by name, hashed over canonical JSON so equal authority always gives an equal hash.
 * The snapshot is a value: nothing that changes in the catalog later widens it.
 */
public final class SnapshotBuilder {

    private final SnapshotPolicy policy;

    public SnapshotBuilder(SnapshotPolicy policy) {
        this.policy = policy;
    }

    public CapabilitySnapshot build(Catalog catalog, Audience run) {
        List<Capability> capabilities = new ArrayList<>();
        Map<String, String> exclusions = new LinkedHashMap<>();
        for (CatalogEntry entry : catalog.entries()) {
            Eligibility eligibility = policy.evaluate(entry, run);
            if (eligibility instanceof Eligibility.Excluded excluded) {
                exclusions.put(entry.name(), excluded.reason());
            } else {
                capabilities.add(toCapability(entry));
            }
        }
        capabilities.sort(Comparator.comparing(Capability::name));
        byte[] canonical = CanonicalJson.bytes(Map.of(
                "tenantId", run.tenantId(),
                "projectId", run.projectId(),
                "capabilities", capabilities));
        SnapshotRef ref = new SnapshotRef(CanonicalJson.sha256(canonical), canonical.length, capabilities.size(),
                run.tenantId(), run.projectId());
        return new CapabilitySnapshot(ref, capabilities, exclusions);
    }

    private static Capability toCapability(CatalogEntry entry) {
        return new Capability(entry.name(), entry.kind(), entry.family(), entry.entity(), entry.operation(),
                entry.description() == null ? "" : entry.description(), entry.aliases(), true, entry.endpoint(),
                entry.inputSchema(), entry.outputCollectionPath());
    }
}
