package dev.capplanner.snapshot.persistence;

import dev.capplanner.snapshot.approval.RefreshReview;
import dev.capplanner.snapshot.catalog.CatalogEntry;
import dev.capplanner.snapshot.connection.Connection;
import dev.capplanner.snapshot.connection.ConnectionRegistration;
import dev.capplanner.snapshot.registry.RegistryDocument;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Connections and the capabilities imported from their sources. */
@ApplicationScoped
public class ConnectionRepository {

    private final Clock clock;

    public ConnectionRepository(Clock clock) {
        this.clock = clock;
    }

    /** Registers the document's connections, grants and capabilities when the registry has no connection yet. */
    public Uni<Boolean> seedIfEmpty(RegistryDocument document) {
        return RegistryRevisions.change(() -> ConnectionEntity.count().chain(existing -> {
            if (existing > 0) {
                return Uni.createFrom().item(false);
            }
            List<Object> rows = new ArrayList<>();
            document.connections().forEach(c -> rows.add(ConnectionEntity.of(c, clock.instant())));
            document.roleGrants().forEach(g -> rows.add(RoleGrantEntity.of(g)));
            document.capabilities().forEach(e -> rows.add(CapabilityEntity.of(e)));
            return Panache.getSession().chain(session -> session.persistAll(rows.toArray())).replaceWith(true);
        }));
    }

    /**
     * Registers a connection with the capabilities imported from its source, or replaces an existing
     * one's capabilities (a refresh): one transaction, one new revision. What a refresh changed is held
     * for review ({@link RefreshReview}, against the capabilities the connection held before). A refresh
     * that changes nothing (same registration, same capabilities) writes nothing and leaves the revision
     * as it is, so a server's churn does not turn every tenant's snapshots over. A connection of another
     * tenant or project under the same id is refused.
     */
    public Uni<Registered> register(ConnectionRegistration registration, List<CatalogEntry> imported,
                                    RefreshReview.Trigger trigger) {
        return RegistryRevisions.change(() -> ConnectionEntity.<ConnectionEntity>findById(registration.id())
                .chain(existing -> {
                    if (existing != null && !(existing.tenantId.equals(registration.tenantId())
                            && existing.projectId.equals(registration.projectId()))) {
                        return Uni.createFrom().failure(new ConnectionOwnedElsewhereException("connection "
                                + registration.id() + " belongs to another tenant or project"));
                    }
                    Uni<List<CapabilityEntity>> previous = existing == null ? Uni.createFrom().item(List.of())
                            : CapabilityEntity.list("connectionId", registration.id());
                    return previous.chain(rows -> {
                        List<CatalogEntry> before = rows.stream().map(CapabilityEntity::entry).toList();
                        return store(existing, registration, rows, before,
                                RefreshReview.reviewed(before, imported, trigger));
                    });
                }));
    }

    /** Writes the connection and its capabilities over the rows it had (loaded in this session: updated in place). */
    private Uni<Registered> store(ConnectionEntity existing, ConnectionRegistration registration,
                                  List<CapabilityEntity> rowsBefore, List<CatalogEntry> before,
                                  List<CatalogEntry> capabilities) {
        String registrationJson = RegistryJson.write(registration);
        if (existing != null && registrationJson.equals(existing.registration) && sameEntries(before, capabilities)) {
            return Uni.createFrom().item(new Registered(existing.connection(), capabilities, false));
        }
        ConnectionEntity row = existing != null ? existing
                : ConnectionEntity.of(registration.connection(true), clock.instant());
        row.kind = registration.kind();
        row.registration = registrationJson;
        row.updatedAt = clock.instant();
        Map<String, CapabilityEntity> kept = new HashMap<>();
        rowsBefore.forEach(capability -> kept.put(capability.name, capability));
        List<Object> added = new ArrayList<>();
        if (existing == null) {
            added.add(row);
        }
        for (CatalogEntry entry : capabilities) {
            CapabilityEntity stored = kept.remove(entry.name());
            if (stored != null) {
                stored.definition = RegistryJson.write(entry);
            } else {
                added.add(CapabilityEntity.of(entry));
            }
        }
        return Panache.getSession()
                .chain(session -> session.removeAll(kept.values().toArray())
                        .chain(() -> session.persistAll(added.toArray()))
                        .chain(session::flush))
                .replaceWith(() -> new Registered(row.connection(), capabilities, true));
    }

    private static boolean sameEntries(List<CatalogEntry> before, List<CatalogEntry> after) {
        Map<String, String> stored = new HashMap<>();
        before.forEach(entry -> stored.put(entry.name(), RegistryJson.write(entry)));
        return before.size() == after.size()
                && after.stream().allMatch(entry -> RegistryJson.write(entry).equals(stored.get(entry.name())));
    }

    /**
     * What a registration stored: the connection, its capabilities as held (a refresh's holds
     * included), and whether anything changed.
     */
    public record Registered(Connection connection, List<CatalogEntry> capabilities, boolean changed)
            implements RegistryRevisions.Outcome {

        @Override
        public boolean changedRegistry() {
            return changed;
        }
    }

    /** The registration a connection was imported with; empty for an unknown or document-seeded connection. */
    public Uni<Optional<ConnectionRegistration>> registrationOf(String connectionId) {
        return Panache.withSession(() -> ConnectionEntity.<ConnectionEntity>findById(connectionId))
                .map(row -> row == null || row.registration == null ? Optional.empty()
                        : Optional.of(RegistryJson.read(row.registration, ConnectionRegistration.class)));
    }

    /** Every connection registered from a live source, with the registration it was imported with. */
    public Uni<List<ConnectionRegistration>> liveRegistrations() {
        return Panache.withSession(() -> ConnectionEntity.<ConnectionEntity>list("registration is not null"))
                .map(rows -> rows.stream()
                        .map(row -> RegistryJson.read(row.registration, ConnectionRegistration.class)).toList());
    }

    /** The enabled connections of a tenant's project registered from a live source, with their registrations. */
    public Uni<List<ConnectionRegistration>> enabledRegistrationsOf(String tenantId, String projectId) {
        return Panache.withSession(() -> ConnectionEntity.<ConnectionEntity>list(
                        "tenantId = ?1 and projectId = ?2 and enabled = true and registration is not null", tenantId, projectId))
                .map(rows -> rows.stream()
                        .map(row -> RegistryJson.read(row.registration, ConnectionRegistration.class)).toList());
    }

    /** Deletes a connection and its capabilities; false when there was none. */
    public Uni<Boolean> delete(String connectionId) {
        return RegistryRevisions.change(() -> CapabilityEntity.delete("connectionId", connectionId)
                .chain(() -> ConnectionEntity.deleteById(connectionId)));
    }

    /** A registration reuses the id of another tenant's or project's connection. */
    public static final class ConnectionOwnedElsewhereException extends RuntimeException {
        public ConnectionOwnedElsewhereException(String message) {
            super(message);
        }
    }
}
