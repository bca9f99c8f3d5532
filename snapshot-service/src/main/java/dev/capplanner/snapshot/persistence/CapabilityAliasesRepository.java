package dev.capplanner.snapshot.persistence;

import dev.capplanner.snapshot.catalog.OperatorAliases;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.List;

/** Operators' aliases for registered capabilities; each change raises the registry revision. */
@ApplicationScoped
public class CapabilityAliasesRepository {

    private final Clock clock;

    public CapabilityAliasesRepository(Clock clock) {
        this.clock = clock;
    }

    /** Sets the capability's aliases (replacing any set before). */
    public Uni<OperatorAliases> set(String connectionId, String capability, List<String> aliases, String actor,
                                    String reason) {
        OperatorAliases set = new OperatorAliases(connectionId, capability, aliases, actor, clock.instant(), reason);
        return RegistryRevisions.change(() -> CapabilityAliasesEntity.<CapabilityAliasesEntity>find(
                        "connectionId = ?1 and capability = ?2", connectionId, capability).firstResult()
                .chain(row -> (row == null ? new CapabilityAliasesEntity() : row).holding(set).persist())
                .replaceWith(set));
    }

    /** Back to the inferred aliases; false when none were set. */
    public Uni<Boolean> clear(String connectionId, String capability) {
        return RegistryRevisions.change(() -> CapabilityAliasesEntity.delete("connectionId = ?1 and capability = ?2",
                connectionId, capability).map(deleted -> deleted > 0));
    }
}
