package dev.capplanner.snapshot.capabilityplan;

import dev.capplanner.capabilityplans.language.CapabilityPlanCompiler;
import dev.capplanner.capabilityplans.registration.CapabilityDirectory;
import dev.capplanner.capabilityplans.registration.RegisteredCapability;
import dev.capplanner.snapshot.authorization.AccessPolicy;
import dev.capplanner.snapshot.catalog.CatalogEntry;
import dev.capplanner.snapshot.registry.RegistryState;
import java.util.Optional;

/**
 * One project's capabilities in a registry state, as a plan's registration checks see them: a
 * connection's capability (read-only as the snapshot's rule says), or one of the project's plans.
 */
public final class RegistryDirectory implements CapabilityDirectory {

    private final RegistryState state;
    private final String tenantId;
    private final String projectId;

    public RegistryDirectory(RegistryState state, String tenantId, String projectId) {
        this.state = state;
        this.tenantId = tenantId;
        this.projectId = projectId;
    }

    @Override
    public Optional<RegisteredCapability> find(String name) {
        Optional<CatalogEntry> entry = state.entriesOf(tenantId, projectId).stream()
                .filter(candidate -> candidate.name().equals(name)).findFirst();
        if (entry.isPresent()) {
            return Optional.of(new RegisteredCapability(name, AccessPolicy.readsOnly(entry.get()),
                    entry.get().inputSchema(), null));
        }
        return state.plan(tenantId, projectId, name).map(plan -> new RegisteredCapability(name, true,
                CapabilityPlanCompiler.compile(plan.plan()).inputSchema(), plan.plan()));
    }
}
