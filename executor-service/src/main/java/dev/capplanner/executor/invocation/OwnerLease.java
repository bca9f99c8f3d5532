package dev.capplanner.executor.invocation;

import java.time.Duration;
import java.util.Objects;
import java.util.UUID;

/**
 * This executor process's lease on being alive. The process renews it in the shared store every
 * {@link #renewEvery()}; another replica treats a call this process claimed as abandoned once the
 * lease has not been renewed for {@link #length()} (the process died mid-call), and makes it itself.
 * So that a call is never made twice, this process sends nothing unless its lease was confirmed so
 * recently that the send ends (times out at worst) before anyone may consider the process gone.
 */
public final class OwnerLease {

    private final String owner;
    private final Duration length;
    private final Duration renewEvery;
    private final Duration longestSend;
    private volatile long confirmedAtNanos;
    private volatile boolean confirmed;

    /**
     * @param length      how long after its last renewal the process counts as gone
     * @param longestSend the longest one physical send can take (the largest call timeout)
     */
    public OwnerLease(String owner, Duration length, Duration longestSend) {
        this.owner = Objects.requireNonNull(owner);
        this.length = length;
        this.longestSend = longestSend;
        this.renewEvery = length.dividedBy(5);
        if (length.minus(longestSend).compareTo(renewEvery.multipliedBy(2)) < 0) {
            throw new IllegalArgumentException("an owner lease of " + length + " is too short for sends of up to "
                    + longestSend + ": it must outlast the longest send by two renewals (" + renewEvery.multipliedBy(2)
                    + "), or a renewal late by a moment would stop every call");
        }
    }

    /** A lease for a newly started process, under a name no other process has. */
    public static OwnerLease forNewProcess(Duration length, Duration longestSend) {
        return new OwnerLease(UUID.randomUUID().toString(), length, longestSend);
    }

    public String owner() {
        return owner;
    }

    public Duration length() {
        return length;
    }

    public Duration renewEvery() {
        return renewEvery;
    }

    /** The store recorded a renewal that was started at {@code startedNanos} ({@link System#nanoTime()}). */
    public void renewed(long startedNanos) {
        if (!confirmed || startedNanos - confirmedAtNanos > 0) {
            confirmedAtNanos = startedNanos;
            confirmed = true;
        }
    }

    /**
     * Whether a send started now ends before the lease could lapse: the last confirmed renewal is
     * younger than the lease less the longest send. Measured from when the renewal was started, which
     * is no later than the time the store wrote, so the local clock errs on the safe side.
     */
    public boolean maySend(long nowNanos) {
        return confirmed && nowNanos - confirmedAtNanos < length.minus(longestSend).toNanos();
    }
}
