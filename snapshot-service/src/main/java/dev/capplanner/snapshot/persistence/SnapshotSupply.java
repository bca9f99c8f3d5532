package dev.capplanner.snapshot.persistence;

import dev.capplanner.snapshot.authorization.Audience;
import dev.capplanner.snapshot.building.CapabilitySnapshot;
import dev.capplanner.snapshot.building.SnapshotCache;
import dev.capplanner.snapshot.registry.RegistryState;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;

/**
 * An audience's snapshot of the live registry, stored by content address before anyone is told its
 * hash (so whoever meets the hash can fetch it). A cached snapshot is taken at once; a new one is
 * built on a worker thread (10,000 capabilities take about 150 ms, too long for the event loop), and
 * the chain comes back to the caller's context, where the store (Hibernate Reactive) must run.
 */
@ApplicationScoped
public class SnapshotSupply {

    private final LiveRegistry registry;
    private final SnapshotCache snapshots;
    private final SnapshotStore store;

    public SnapshotSupply(LiveRegistry registry, SnapshotCache snapshots, SnapshotStore store) {
        this.registry = registry;
        this.snapshots = snapshots;
        this.store = store;
    }

    public Uni<CapabilitySnapshot> snapshotFor(Audience audience) {
        return registry.current().chain(state -> snapshotOf(state, audience)).call(store::storeOnce);
    }

    /** A turn's snapshot and its tenant's planner mode, read from one registry revision. */
    public record TurnSnapshot(CapabilitySnapshot snapshot, String plannerMode) {
    }

    /**
     * What a turn starts with: its audience's snapshot and the planner mode an operator set for its
     * tenant (null: the planner's configured default), both as of the same registry revision.
     */
    public Uni<TurnSnapshot> forTurn(Audience audience) {
        return registry.current().chain(state -> snapshotOf(state, audience).call(store::storeOnce)
                .map(snapshot -> new TurnSnapshot(snapshot, state.plannerModeOf(audience.tenantId())
                        .map(mode -> mode.mode()).orElse(null))));
    }

    private Uni<CapabilitySnapshot> snapshotOf(RegistryState state, Audience audience) {
        Optional<CapabilitySnapshot> cached = snapshots.cached(state, audience);
        Context context = Vertx.currentContext();
        if (cached.isPresent() || context == null) {
            return Uni.createFrom().item(() -> cached.orElseGet(() -> snapshots.snapshotFor(state, audience)));
        }
        return Uni.createFrom().item(() -> snapshots.snapshotFor(state, audience))
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .emitOn(task -> context.runOnContext(ignored -> task.run()));
    }
}
