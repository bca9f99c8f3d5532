package dev.capplanner.eventbus.warmup;

import dev.capplanner.contracts.SampleEvents;
import dev.capplanner.contracts.trust.UntrustedSnapshotException;
import dev.capplanner.contracts.trust.VerifiedSnapshots;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * In a service that fetches run snapshots (router, planner, executor): the sample's seal checked (and
 * refused, it is made up) and the sample's hash asked of the snapshot service (which knows no such
 * snapshot), so the first turn finds the HMAC code loaded and the HTTP client and its connection open.
 */
@ApplicationScoped
public class SnapshotFetchWarmUp implements WarmUp {

    private static final long ANSWER_WAIT_SECONDS = 5;

    private final Instance<VerifiedSnapshots> snapshots;

    public SnapshotFetchWarmUp(Instance<VerifiedSnapshots> snapshots) {
        this.snapshots = snapshots;
    }

    @Override
    public String name() {
        return "snapshot-fetch";
    }

    /** Each pass is a request: a few are enough to open the connection and load the client. */
    @Override
    public int passes() {
        return 3;
    }

    @Override
    public void pass() throws Exception {
        if (!snapshots.isResolvable()) {
            return;
        }
        VerifiedSnapshots verified = snapshots.get();
        expectUntrusted(() -> verified.forRun(SampleEvents.RUN, SampleEvents.SNAPSHOT).toCompletableFuture().get());
        expectUntrusted(() -> verified.byHash(SampleEvents.SNAPSHOT.hash()).toCompletableFuture()
                .get(ANSWER_WAIT_SECONDS, TimeUnit.SECONDS));
    }

    private interface Fetch {
        Object get() throws Exception;
    }

    /** A made-up snapshot must be refused; anything else (the service away, a timeout) fails the step. */
    private static void expectUntrusted(Fetch fetch) throws Exception {
        try {
            fetch.get();
        } catch (ExecutionException | CompletionException e) {
            if (e.getCause() instanceof UntrustedSnapshotException) {
                return;
            }
            throw e;
        }
        throw new IllegalStateException("a made-up snapshot was trusted");
    }
}
