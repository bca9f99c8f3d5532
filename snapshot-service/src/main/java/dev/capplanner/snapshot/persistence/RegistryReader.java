package dev.capplanner.snapshot.persistence;

import dev.capplanner.contracts.capabilityplans.CapabilityPlan;
import dev.capplanner.snapshot.approval.Approvals;
import dev.capplanner.snapshot.catalog.Catalog;
import dev.capplanner.snapshot.catalog.CatalogEntry;
import dev.capplanner.snapshot.catalog.OperatorAliases;
import dev.capplanner.snapshot.registry.RegisteredCapabilityPlan;
import dev.capplanner.snapshot.registry.RegistryState;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/** Reads the whole registry, every aggregate as of one revision, into a {@link RegistryState}. */
@ApplicationScoped
public class RegistryReader {

    public Uni<Long> revision() {
        return RegistryRevisions.current();
    }

    public Uni<RegistryState> load() {
        return Panache.withSession(RegistryReader::loadInSession);
    }

    /**
     * The registry as the current session reads it (inside a change: as of the lock). The queries
     * run one after the other: a reactive session runs one statement at a time.
     */
    static Uni<RegistryState> loadInSession() {
        Rows rows = new Rows();
        return RegistryRevisionEntity.<RegistryRevisionEntity>findById(RegistryRevisionEntity.THE_ROW)
                .invoke(row -> rows.revision = row.revision)
                .chain(() -> ConnectionEntity.<ConnectionEntity>listAll()).invoke(list -> rows.connections = list)
                .chain(() -> CapabilityEntity.<CapabilityEntity>listAll()).invoke(list -> rows.capabilities = list)
                .chain(() -> RoleGrantEntity.<RoleGrantEntity>listAll()).invoke(list -> rows.grants = list)
                .chain(() -> ApprovalEntity.<ApprovalEntity>listAll()).invoke(list -> rows.approvals = list)
                .chain(() -> PlannerModeEntity.<PlannerModeEntity>listAll()).invoke(list -> rows.modes = list)
                .chain(() -> CapabilityPlanEntity.<CapabilityPlanEntity>listAll()).invoke(list -> rows.plans = list)
                .chain(() -> CapabilityAliasesEntity.<CapabilityAliasesEntity>listAll()).invoke(list -> rows.aliases = list)
                .map(ignored -> rows.state());
    }

    /** What one load has read so far. */
    private static final class Rows {
        long revision;
        List<ConnectionEntity> connections;
        List<CapabilityEntity> capabilities;
        List<RoleGrantEntity> grants;
        List<ApprovalEntity> approvals;
        List<PlannerModeEntity> modes;
        List<CapabilityPlanEntity> plans;
        List<CapabilityAliasesEntity> aliases;

        RegistryState state() {
            List<CatalogEntry> entries = capabilities.stream()
                    .map(row -> RegistryJson.read(row.definition, CatalogEntry.class)).toList();
            return new RegistryState(revision,
                    connections.stream().map(ConnectionEntity::connection).toList(),
                    new Catalog(OperatorAliases.apply(
                            Approvals.apply(entries, approvals.stream().map(ApprovalEntity::approval).toList()),
                            aliases.stream().map(CapabilityAliasesEntity::operatorAliases).toList())),
                    grants.stream().map(RoleGrantEntity::grant).toList(),
                    modes.stream().map(PlannerModeEntity::plannerMode).toList(),
                    plans.stream().map(row -> new RegisteredCapabilityPlan(row.tenantId, row.projectId,
                            RegistryJson.read(row.definition, CapabilityPlan.class), row.registeredBy,
                            row.registeredAt)).toList());
        }
    }
}
