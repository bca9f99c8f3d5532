package dev.capplanner.eventbus.snapshots;

import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.SnapshotRef;
import dev.capplanner.contracts.schema.RejectedEventException;
import dev.capplanner.contracts.trust.SnapshotBody;
import dev.capplanner.contracts.trust.SnapshotServiceUnavailableException;
import dev.capplanner.contracts.trust.UntrustedSnapshotException;
import dev.capplanner.contracts.trust.VerifiedSnapshots;
import dev.capplanner.eventbus.outage.Outages;
import io.smallrye.mutiny.Uni;
import org.jboss.logging.Logger;

/**
 * A stage's run snapshot, as {@link VerifiedSnapshots} trusts it: while the snapshot service cannot be
 * asked the record waits ({@link Outages}, never dead-lettered); a forged or altered snapshot rejects
 * the event (dead-lettered with the reason).
 */
public final class RunSnapshots {

    private RunSnapshots() {
    }

    public static Uni<SnapshotBody> verified(VerifiedSnapshots snapshots, RunContext run, SnapshotRef ref, Logger log) {
        return Outages.waitOut(Uni.createFrom().completionStage(() -> snapshots.forRun(run, ref)),
                        SnapshotServiceUnavailableException.class::isInstance, log, "snapshot_service_unavailable",
                        run.runId())
                .onFailure(UntrustedSnapshotException.class)
                .transform(untrusted -> new RejectedEventException("untrusted snapshot: " + untrusted.getMessage()));
    }
}
