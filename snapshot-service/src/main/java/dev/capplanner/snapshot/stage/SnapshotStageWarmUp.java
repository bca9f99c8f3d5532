package dev.capplanner.snapshot.stage;

import dev.capplanner.contracts.SampleEvents;
import dev.capplanner.contracts.events.TurnRequested;
import dev.capplanner.contracts.trust.SnapshotSeals;
import dev.capplanner.eventbus.EventStamps;
import dev.capplanner.eventbus.warmup.WarmUp;
import dev.capplanner.snapshot.authorization.AccessPolicy;
import dev.capplanner.snapshot.building.CapabilitySnapshot;
import dev.capplanner.snapshot.building.SnapshotBuilder;
import dev.capplanner.snapshot.mapping.SnapshotEvents;
import dev.capplanner.snapshot.persistence.LiveRegistry;
import dev.capplanner.snapshot.registry.RegistryState;
import io.quarkus.vertx.VertxContextSupport;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;

/**
 * The snapshot stage's own work for the sample turn: the live registry read (read only), the sample
 * audience's snapshot cut from it by the access policy, sealed, and the event assembled. The
 * snapshot is neither cached nor stored, and nothing is published.
 */
@ApplicationScoped
public class SnapshotStageWarmUp implements WarmUp {

    private final LiveRegistry registry;
    private final SnapshotBuilder builder;
    private final SnapshotSeals seals;
    private final EventStamps stamps;

    public SnapshotStageWarmUp(LiveRegistry registry, AccessPolicy policy, SnapshotSeals seals, Clock clock) {
        this.registry = registry;
        this.builder = new SnapshotBuilder(policy);
        this.seals = seals;
        this.stamps = new EventStamps(clock);
    }

    @Override
    public String name() {
        return "snapshot-stage";
    }

    @Override
    public void pass() throws Exception {
        TurnRequested turn = SampleEvents.of(TurnRequested.class);
        RegistryState state = liveRegistry();
        CapabilitySnapshot snapshot = builder.build(state, SnapshotEvents.audience(turn.run()));
        SnapshotEvents.built(turn, snapshot, seals, null, stamps.next());
    }

    /** Read on a Vert.x context, as Hibernate Reactive requires. */
    private RegistryState liveRegistry() throws Exception {
        try {
            return VertxContextSupport.subscribeAndAwait(registry::current);
        } catch (Exception | Error e) {
            throw e;
        } catch (Throwable other) {
            throw new IllegalStateException(other);
        }
    }
}
