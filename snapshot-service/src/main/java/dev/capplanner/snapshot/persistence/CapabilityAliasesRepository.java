package dev.capplanner.snapshot.persistence;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.capplanner.snapshot.catalog.OperatorAliases;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Instant;
import java.util.List;

/**
 * Operators' aliases for registered capabilities, with their append-only audit trail; each change
 * raises the registry revision.
 */
@ApplicationScoped
public class CapabilityAliasesRepository {

    private static final TypeReference<List<String>> STRINGS = new TypeReference<>() { };

    private final Clock clock;

    public CapabilityAliasesRepository(Clock clock) {
        this.clock = clock;
    }

    /** Sets the capability's aliases (replacing any set before), audited. */
    public Uni<OperatorAliases> set(String connectionId, String capability, List<String> aliases, String actor,
                                    String reason) {
        OperatorAliases set = new OperatorAliases(connectionId, capability, aliases, actor, clock.instant(), reason);
        return RegistryRevisions.change(() -> CapabilityAliasesEntity.<CapabilityAliasesEntity>find(
                        "connectionId = ?1 and capability = ?2", connectionId, capability).firstResult()
                .chain(row -> (row == null ? new CapabilityAliasesEntity() : row).holding(set).persist())
                .chain(() -> CapabilityAliasesAuditEntity.of(connectionId, capability, RegistryJson.write(aliases),
                        actor, set.setAt(), reason).persist())
                .replaceWith(set));
    }

    /** Removes them, audited; false when none were set. */
    public Uni<Boolean> clear(String connectionId, String capability, String actor, String reason) {
        return RegistryRevisions.change(() -> CapabilityAliasesEntity.delete("connectionId = ?1 and capability = ?2",
                connectionId, capability).chain(deleted -> deleted == 0 ? Uni.createFrom().item(false)
                : CapabilityAliasesAuditEntity.of(connectionId, capability, null, actor, clock.instant(), reason)
                        .persist().replaceWith(true)));
    }

    /** A connection's alias changes, oldest first (kept after the connection is deleted). */
    public Uni<List<AliasChange>> audit(String connectionId) {
        return Panache.withSession(() -> CapabilityAliasesAuditEntity.<CapabilityAliasesAuditEntity>list(
                        "connectionId = ?1 order by id", connectionId))
                .map(rows -> rows.stream().map(r -> new AliasChange(r.capability,
                        r.aliases == null ? null : RegistryJson.read(r.aliases, STRINGS), r.actor, r.at, r.reason))
                        .toList());
    }

    /** One line of the trail; {@code aliases} null: removed. */
    public record AliasChange(String capability, List<String> aliases, String actor, Instant at, String reason) {
    }
}
