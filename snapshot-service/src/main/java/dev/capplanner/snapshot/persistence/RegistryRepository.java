package dev.capplanner.snapshot.persistence;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.contracts.events.CapabilityNames;
import dev.capplanner.contracts.plans.CapabilityPlan;
import dev.capplanner.snapshot.catalog.Approvals;
import dev.capplanner.snapshot.catalog.Catalog;
import dev.capplanner.snapshot.catalog.CatalogEntry;
import dev.capplanner.snapshot.catalog.OperatorApproval;
import dev.capplanner.snapshot.registry.Connection;
import dev.capplanner.snapshot.registry.RegisteredPlan;
import dev.capplanner.snapshot.registry.RegistryDocument;
import dev.capplanner.snapshot.registry.RegistryState;
import dev.capplanner.snapshot.registry.RoleGrant;
import dev.capplanner.snapshot.registry.TenantPlannerMode;
import dev.capplanner.snapshot.sources.ConnectionRegistration;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The registry in PostgreSQL. Every change runs in one transaction that first locks the revision
 * row and then raises it, so concurrent changes (from any replica) are serialized and every reader
 * sees either the old or the new revision, never a mix.
 */
@ApplicationScoped
public class RegistryRepository {

    private final ObjectMapper json = new ObjectMapper();
    private final Clock clock;

    public RegistryRepository(Clock clock) {
        this.clock = clock;
    }

    public Uni<Long> revision() {
        return Panache.withSession(() -> RegistryRevisionEntity.<RegistryRevisionEntity>findById(
                RegistryRevisionEntity.THE_ROW).map(row -> row.revision));
    }

    public Uni<RegistryState> load() {
        return Panache.withSession(this::loadInSession);
    }

    /** The registry as the current session reads it (inside a change: as of the lock). */
    Uni<RegistryState> loadInSession() {
        return RegistryRevisionEntity.<RegistryRevisionEntity>findById(RegistryRevisionEntity.THE_ROW)
                .chain(revision -> ConnectionEntity.<ConnectionEntity>listAll()
                        .chain(connections -> CapabilityEntity.<CapabilityEntity>listAll()
                                .chain(capabilities -> RoleGrantEntity.<RoleGrantEntity>listAll()
                                        .chain(grants -> ApprovalEntity.<ApprovalEntity>listAll()
                                                .chain(approvals -> PlannerModeEntity.<PlannerModeEntity>listAll()
                                                        .chain(modes -> CapabilityPlanEntity.<CapabilityPlanEntity>listAll()
                                                                .map(plans -> state(revision.revision, connections,
                                                                        capabilities, grants, approvals, modes,
                                                                        plans))))))));
    }

    /** Registers the document's connections, grants and capabilities when the registry has no connection yet. */
    public Uni<Boolean> seedIfEmpty(RegistryDocument document) {
        return change(() -> ConnectionEntity.count().chain(existing -> {
            if (existing > 0) {
                return Uni.createFrom().item(false);
            }
            List<Object> rows = new ArrayList<>();
            document.connections().forEach(c -> rows.add(connectionRow(c)));
            document.roleGrants().forEach(g -> rows.add(grantRow(g)));
            document.capabilities().forEach(e -> rows.add(capabilityRow(e)));
            return Panache.getSession().chain(session -> session.persistAll(rows.toArray())).replaceWith(true);
        }));
    }

    /**
     * Registers a connection with the capabilities imported from its source, or replaces an existing
     * one's capabilities (a refresh): one transaction, one new revision. A connection of another
     * tenant or project under the same id is refused.
     */
    public Uni<Connection> register(ConnectionRegistration registration, List<CatalogEntry> capabilities) {
        return change(() -> ConnectionEntity.<ConnectionEntity>findById(registration.id()).chain(existing -> {
            if (existing != null && !(existing.tenantId.equals(registration.tenantId())
                    && existing.projectId.equals(registration.projectId()))) {
                return Uni.createFrom().failure(new ConnectionOwnedElsewhereException("connection "
                        + registration.id() + " belongs to another tenant or project"));
            }
            ConnectionEntity row = existing != null ? existing
                    : connectionRow(registration.connection(true));
            row.kind = registration.kind();
            row.registration = json(registration);
            row.updatedAt = clock.instant();
            return CapabilityEntity.delete("connectionId", registration.id())
                    .chain(() -> Panache.getSession())
                    .chain(session -> {
                        List<Object> rows = new ArrayList<>();
                        if (existing == null) {
                            rows.add(row);
                        }
                        capabilities.forEach(e -> rows.add(capabilityRow(e)));
                        return session.persistAll(rows.toArray()).chain(session::flush);
                    })
                    .replaceWith(() -> connection(row));
        }));
    }

    /** The registration a connection was imported with; empty for an unknown or document-seeded connection. */
    public Uni<Optional<ConnectionRegistration>> registrationOf(String connectionId) {
        return Panache.withSession(() -> ConnectionEntity.<ConnectionEntity>findById(connectionId))
                .map(row -> row == null || row.registration == null ? Optional.empty()
                        : Optional.of(read(row.registration, ConnectionRegistration.class)));
    }

    /** Every connection registered from a live source, with the registration it was imported with. */
    public Uni<List<ConnectionRegistration>> liveRegistrations() {
        return Panache.withSession(() -> ConnectionEntity.<ConnectionEntity>list("registration is not null"))
                .map(rows -> rows.stream().map(row -> read(row.registration, ConnectionRegistration.class)).toList());
    }

    /** Deletes a connection and its capabilities; false when there was none. */
    public Uni<Boolean> delete(String connectionId) {
        return change(() -> CapabilityEntity.delete("connectionId", connectionId)
                .chain(() -> ConnectionEntity.deleteById(connectionId)));
    }

    /** Enables or disables a connection; empty when there is no such connection. */
    public Uni<Optional<Connection>> setEnabled(String connectionId, boolean enabled) {
        return change(() -> ConnectionEntity.<ConnectionEntity>findById(connectionId).map(row -> {
            if (row == null) {
                return Optional.empty();
            }
            row.enabled = enabled;
            row.updatedAt = clock.instant();
            return Optional.of(connection(row));
        }));
    }

    /** Grants a permission to a role; false when it was already granted. */
    public Uni<Boolean> grant(RoleGrant grant) {
        return change(() -> RoleGrantEntity.findById(key(grant)).chain(existing -> existing != null
                ? Uni.createFrom().item(false)
                : grantRow(grant).persist().replaceWith(true)));
    }

    /** Revokes a permission from a role; false when it was not granted. */
    public Uni<Boolean> revoke(RoleGrant grant) {
        return change(() -> RoleGrantEntity.deleteById(key(grant)));
    }

    /**
     * Records an operator's approval of a held capability, for its current definition, and audits it.
     * Empty when the connection has no such capability; fails with {@link NotApprovableException} when
     * the capability is not held (an explicit write can never be approved as a read).
     */
    public Uni<Optional<OperatorApproval>> approve(String connectionId, String name, String actor, String reason) {
        return change(() -> capabilityOf(connectionId, name)
                .chain(row -> {
                    if (row == null) {
                        return Uni.createFrom().item(Optional.<OperatorApproval>empty());
                    }
                    CatalogEntry entry = entry(row);
                    String capability = entry.name();
                    Optional<String> refusal = Approvals.whyNotApprovable(entry);
                    if (refusal.isPresent()) {
                        return Uni.createFrom().failure(new NotApprovableException(refusal.get()));
                    }
                    OperatorApproval approval = new OperatorApproval(connectionId, capability,
                            Approvals.definitionHash(entry), actor, clock.instant(), reason);
                    return ApprovalEntity.deleteById(new ApprovalEntity.Key(connectionId, capability))
                            .chain(() -> Panache.getSession())
                            .chain(session -> session.persistAll(approvalRow(approval),
                                    auditRow(approval, "approved", actor, reason)).chain(session::flush))
                            .replaceWith(Optional.of(approval));
                }));
    }

    /** Withdraws an approval (the capability is held again) and audits it; false when there was none. */
    public Uni<Boolean> revokeApproval(String connectionId, String name, String actor, String reason) {
        return change(() -> ApprovalEntity.<ApprovalEntity>list("connectionId", connectionId)
                .map(rows -> rows.stream().filter(row -> names(row.capability, name)).findFirst().orElse(null))
                .chain(row -> {
                    if (row == null) {
                        return Uni.createFrom().item(false);
                    }
                    OperatorApproval revoked = approval(row);
                    return row.delete().chain(() -> auditRow(revoked, "revoked", actor, reason).persist())
                            .replaceWith(true);
                }));
    }

    /**
     * A connection's capability by the name its source gives it ({@code sendReminder}) or by its
     * qualified name ({@code api:tickets/sendReminder}); null when there is none.
     */
    private Uni<CapabilityEntity> capabilityOf(String connectionId, String name) {
        return CapabilityEntity.<CapabilityEntity>list("connectionId", connectionId)
                .map(rows -> rows.stream().filter(row -> names(row.name, name)).findFirst().orElse(null));
    }

    private static boolean names(String storedName, String name) {
        return storedName.equals(name) || CapabilityNames.sourceName(storedName).equals(name);
    }

    /** Every approval and revocation, oldest first. */
    public Uni<List<ApprovalEvent>> approvalAudit() {
        return Panache.withSession(() -> ApprovalAuditEntity.<ApprovalAuditEntity>list("order by id"))
                .map(rows -> rows.stream().map(r -> new ApprovalEvent(r.connectionId, r.capability, r.action, r.actor,
                        r.at, r.reason, r.definitionHash)).toList());
    }

    /** One line of the approval audit trail. */
    public record ApprovalEvent(String connection, String capability, String action, String actor,
                                java.time.Instant at, String reason, String definitionHash) {
    }

    /**
     * Sets the tenant's planner mode (from its next turn on) and audits the switch, with the mode it
     * replaces; unchanged (false) when the tenant already has that mode.
     */
    public Uni<Boolean> setPlannerMode(String tenantId, String plannerMode, String actor, String reason) {
        TenantPlannerMode mode = new TenantPlannerMode(tenantId, plannerMode, actor, clock.instant(), reason);
        return change(() -> PlannerModeEntity.<PlannerModeEntity>findById(mode.tenantId()).chain(row -> {
            String previous = row == null ? null : row.mode;
            if (mode.mode().equals(previous)) {
                return Uni.createFrom().item(false);
            }
            PlannerModeEntity updated = row == null ? new PlannerModeEntity() : row;
            updated.tenantId = mode.tenantId();
            updated.mode = mode.mode();
            updated.changedBy = mode.changedBy();
            updated.changedAt = mode.changedAt();
            updated.reason = mode.reason();
            return updated.<PlannerModeEntity>persist()
                    .chain(() -> modeAuditRow(mode.tenantId(), previous, mode.mode(), mode.changedBy(), mode.changedAt(),
                            mode.reason()).persist())
                    .replaceWith(true);
        }));
    }

    /** Returns the tenant to the planner's configured default and audits it; false when it had no mode set. */
    public Uni<Boolean> clearPlannerMode(String tenantId, String actor, String reason) {
        return change(() -> PlannerModeEntity.<PlannerModeEntity>findById(tenantId).chain(row -> {
            if (row == null) {
                return Uni.createFrom().item(false);
            }
            return row.delete().chain(() -> modeAuditRow(tenantId, row.mode, null, actor, clock.instant(), reason)
                    .persist()).replaceWith(true);
        }));
    }

    /** Every planner mode change, oldest first. */
    public Uni<List<PlannerModeChange>> plannerModeAudit() {
        return Panache.withSession(() -> PlannerModeAuditEntity.<PlannerModeAuditEntity>list("order by id"))
                .map(rows -> rows.stream().map(r -> new PlannerModeChange(r.tenantId, r.previousMode, r.mode, r.actor,
                        r.at, r.reason)).toList());
    }

    /** One line of the planner mode audit trail; a null {@code mode}: back to the configured default. */
    public record PlannerModeChange(String tenant, String previousMode, String mode, String actor,
                                    java.time.Instant at, String reason) {
    }

    private static PlannerModeAuditEntity modeAuditRow(String tenantId, String previous, String mode, String actor,
                                                       java.time.Instant at, String reason) {
        PlannerModeAuditEntity row = new PlannerModeAuditEntity();
        row.tenantId = tenantId;
        row.previousMode = previous;
        row.mode = mode;
        row.actor = actor;
        row.at = at;
        row.reason = reason;
        return row;
    }

    /** A registration reuses the id of another tenant's or project's connection. */
    public static final class ConnectionOwnedElsewhereException extends RuntimeException {
        public ConnectionOwnedElsewhereException(String message) {
            super(message);
        }
    }

    /** The capability cannot be approved; the message says why. */
    public static final class NotApprovableException extends RuntimeException {
        public NotApprovableException(String message) {
            super(message);
        }
    }

    private static ApprovalEntity approvalRow(OperatorApproval approval) {
        ApprovalEntity row = new ApprovalEntity();
        row.connectionId = approval.connection();
        row.capability = approval.capability();
        row.definitionHash = approval.definitionHash();
        row.approvedBy = approval.approvedBy();
        row.approvedAt = approval.approvedAt();
        row.reason = approval.reason();
        return row;
    }

    private ApprovalAuditEntity auditRow(OperatorApproval approval, String action, String actor, String reason) {
        ApprovalAuditEntity row = new ApprovalAuditEntity();
        row.connectionId = approval.connection();
        row.capability = approval.capability();
        row.action = action;
        row.actor = actor;
        row.at = clock.instant();
        row.reason = reason;
        row.definitionHash = approval.definitionHash();
        return row;
    }

    private static OperatorApproval approval(ApprovalEntity row) {
        return new OperatorApproval(row.connectionId, row.capability, row.definitionHash, row.approvedBy,
                row.approvedAt, row.reason);
    }

    /** Runs a change under the revision row's lock and raises the revision when anything changed. */
    static <T> Uni<T> change(Supplier<Uni<T>> work) {
        return Panache.withTransaction(() -> RegistryRevisionEntity.<RegistryRevisionEntity>findById(
                        RegistryRevisionEntity.THE_ROW, LockModeType.PESSIMISTIC_WRITE)
                .chain(revision -> work.get().invoke(result -> {
                    if (changed(result)) {
                        revision.revision++;
                    }
                })));
    }

    private static boolean changed(Object result) {
        if (result instanceof Boolean done) {
            return done;
        }
        return !(result instanceof Optional<?> found) || found.isPresent();
    }

    private RegistryState state(long revision, List<ConnectionEntity> connections, List<CapabilityEntity> capabilities,
                                List<RoleGrantEntity> grants, List<ApprovalEntity> approvals,
                                List<PlannerModeEntity> modes, List<CapabilityPlanEntity> plans) {
        return new RegistryState(revision,
                connections.stream().map(RegistryRepository::connection).toList(),
                new Catalog(Approvals.apply(capabilities.stream().map(this::entry).toList(),
                        approvals.stream().map(RegistryRepository::approval).toList())),
                grants.stream().map(g -> new RoleGrant(g.tenantId, g.role, g.permission)).toList(),
                modes.stream().map(RegistryRepository::plannerMode).toList(),
                plans.stream().map(row -> new RegisteredPlan(row.tenantId, row.projectId,
                        read(row.definition, CapabilityPlan.class), row.registeredBy, row.registeredAt)).toList());
    }

    private static TenantPlannerMode plannerMode(PlannerModeEntity row) {
        return new TenantPlannerMode(row.tenantId, row.mode, row.changedBy, row.changedAt, row.reason);
    }

    private static Connection connection(ConnectionEntity row) {
        return new Connection(row.id, row.tenantId, row.projectId, row.kind, row.enabled);
    }

    private ConnectionEntity connectionRow(Connection connection) {
        ConnectionEntity row = new ConnectionEntity();
        row.id = connection.id();
        row.tenantId = connection.tenantId();
        row.projectId = connection.projectId();
        row.kind = connection.kind();
        row.enabled = connection.enabled();
        row.updatedAt = clock.instant();
        return row;
    }

    private static RoleGrantEntity grantRow(RoleGrant grant) {
        RoleGrantEntity row = new RoleGrantEntity();
        row.tenantId = grant.tenantId();
        row.role = grant.role();
        row.permission = grant.permission();
        return row;
    }

    private static RoleGrantEntity.Key key(RoleGrant grant) {
        return new RoleGrantEntity.Key(grant.tenantId(), grant.role(), grant.permission());
    }

    private CapabilityEntity capabilityRow(CatalogEntry entry) {
        CapabilityEntity row = new CapabilityEntity();
        row.connectionId = entry.connection();
        row.name = entry.name();
        row.definition = json(entry);
        return row;
    }

    private CatalogEntry entry(CapabilityEntity row) {
        return read(row.definition, CatalogEntry.class);
    }

    String json(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private <T> T read(String text, Class<T> type) {
        try {
            return json.readValue(text, type);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("unreadable registry row (" + type.getSimpleName() + ")", e);
        }
    }
}
