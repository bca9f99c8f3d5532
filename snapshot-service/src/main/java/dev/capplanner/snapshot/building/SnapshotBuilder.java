package dev.capplanner.snapshot.building;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.InputSource;
import dev.capplanner.contracts.events.OutputFields;
import dev.capplanner.contracts.json.CanonicalJson;
import dev.capplanner.snapshot.authorization.AccessDecision;
import dev.capplanner.snapshot.authorization.AccessPolicy;
import dev.capplanner.snapshot.authorization.Audience;
import dev.capplanner.snapshot.capabilityplan.CapabilityPlanEntry;
import dev.capplanner.snapshot.catalog.CatalogEntry;
import dev.capplanner.snapshot.registry.RegisteredCapabilityPlan;
import dev.capplanner.snapshot.registry.RegistryState;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Cuts an audience's snapshot from one registry state (rule "immutable snapshot"): only what the
 * access policy allows (the project's capability plans too, each only when everything it calls is), with the relationships between its sources ({@link CrossSourceRelationships}), sorted by name, hashed over canonical JSON so equal authority always gives an
 * equal hash. The snapshot is a value: nothing that changes in the registry later widens it. What a
 * connection in shadow offers is in it, marked ({@link Capability#SHADOW}): planned and compared, never
 * called.
 */
public final class SnapshotBuilder {

    private final AccessPolicy policy;

    public SnapshotBuilder(AccessPolicy policy) {
        this.policy = policy;
    }

    public CapabilitySnapshot build(RegistryState registry, Audience who) {
        List<CatalogEntry> allowed = new ArrayList<>();
        Map<String, String> exclusions = new LinkedHashMap<>();
        // Only the audience's own project can be allowed, so only its entries are looked at.
        for (CatalogEntry entry : registry.entriesOf(who.tenantId(), who.projectId())) {
            AccessDecision decision = policy.decide(registry, who, entry);
            if (decision instanceof AccessDecision.Denied denied) {
                exclusions.put(entry.name(), denied.reason());
            } else {
                allowed.add(entry);
            }
        }
        Set<String> names = new HashSet<>();
        allowed.forEach(entry -> names.add(entry.name()));
        Map<String, List<InputSource>> crossSource = CrossSourceRelationships.infer(allowed);
        List<Capability> capabilities = new ArrayList<>();
        allowed.forEach(entry -> capabilities.add(rolledOut(registry, who, toCapability(entry, names,
                crossSource.getOrDefault(entry.name(), List.of())))));
        for (RegisteredCapabilityPlan plan : registry.plansOf(who.tenantId(), who.projectId())) {
            if (policy.decide(registry, who, plan) instanceof AccessDecision.Denied denied) {
                exclusions.put(plan.name(), denied.reason());
            } else {
                capabilities.add(rolledOut(registry, who, CapabilityPlanEntry.of(plan, registry)));
            }
        }
        capabilities.sort(Comparator.comparing(Capability::name));
        byte[] canonical = CanonicalJson.bytes(Map.of(
                "tenantId", who.tenantId(),
                "projectId", who.projectId(),
                "capabilities", capabilities));
        return new CapabilitySnapshot(CanonicalJson.sha256(canonical), canonical, who.tenantId(), who.projectId(),
                capabilities, exclusions);
    }

    /** Marked when its connection is in shadow: planned and compared, never called. */
    private Capability rolledOut(RegistryState registry, Audience who, Capability capability) {
        return policy.inShadow(registry, who, capability.name()) ? capability.asShadow() : capability;
    }

    /**
     * Declared relationships are kept only where the feeding capability is in the same snapshot: a
     * relationship must never name a capability this audience may not see. Those inferred across
     * sources come after them.
     */
    private static Capability toCapability(CatalogEntry entry, Set<String> inSnapshot, List<InputSource> crossSource) {
        List<InputSource> inputsFrom = new ArrayList<>();
        entry.inputsFrom().stream().filter(source -> inSnapshot.contains(source.capability())).forEach(inputsFrom::add);
        inputsFrom.addAll(crossSource);
        // An MCP tool's output schema travels with the snapshot (the executor checks its structured result
        // against it); an API's response schemas stay in the registry, so snapshots stay small: only their
        // field names travel, for the planner to tell what a question asks for.
        return new Capability(entry.name(), entry.kind(), entry.family(), entry.entity(), entry.operation(),
                entry.description() == null ? "" : entry.description(), entry.aliases(), true, entry.endpoint(),
                entry.inputSchema(), entry.outputCollectionPath(), entry.outputPaths(), inputsFrom,
                entry.kind().equals("mcp") ? entry.outputSchema() : null, OutputFields.of(entry.outputSchema()));
    }
}
