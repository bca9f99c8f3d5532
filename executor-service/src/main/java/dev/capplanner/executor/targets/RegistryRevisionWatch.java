package dev.capplanner.executor.targets;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The newest registry revision the executor has seen (every last-mile decision carries the one it
 * was taken at). A target looked up at an older revision is looked up again before its next call,
 * so a connection re-registered with another URL or credential is used from then on.
 */
public final class RegistryRevisionWatch {

    private final AtomicLong newest = new AtomicLong(Long.MIN_VALUE);

    public void saw(long revision) {
        newest.accumulateAndGet(revision, Math::max);
    }

    public long newest() {
        return newest.get();
    }
}
