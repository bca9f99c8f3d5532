package dev.capplanner.eventbus.snapshots;

import dev.capplanner.contracts.trust.SnapshotBodies;
import dev.capplanner.contracts.trust.SnapshotServiceUnavailableException;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * Snapshot bodies from the snapshot service ({@code GET /snapshots/{hash}}), exactly as stored.
 * What the bytes are worth is decided by {@link dev.capplanner.contracts.trust.VerifiedSnapshots},
 * never here.
 */
public final class SnapshotServiceBodies implements SnapshotBodies {

    private final SnapshotServiceApi snapshotService;

    /** @param snapshotService presenting this service's credentials (scope {@code snapshots:read}) */
    public SnapshotServiceBodies(SnapshotServiceApi snapshotService) {
        this.snapshotService = snapshotService;
    }

    @Override
    public CompletionStage<Optional<byte[]>> body(String hash) {
        return snapshotService.snapshot(hash)
                .onFailure().transform(error -> new SnapshotServiceUnavailableException("snapshot service did not answer ("
                        + rootCause(error).getClass().getSimpleName() + ")"))
                .map(response -> {
                    if (response.getStatus() == 404) {
                        return Optional.<byte[]>empty();
                    }
                    if (response.getStatus() != 200) {
                        throw new SnapshotServiceUnavailableException("snapshot service answered HTTP " + response.getStatus());
                    }
                    return Optional.of(response.getEntity());
                })
                .subscribeAsCompletionStage();
    }

    private static Throwable rootCause(Throwable error) {
        Throwable cause = error;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }
}
