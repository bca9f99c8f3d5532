package dev.capplanner.executor.execution;

import java.time.Duration;

/**
 * How an executor treats calls beyond the last mile: the ledger that keeps a redelivered plan from
 * repeating calls (and how long to wait for a call another delivery is making), the fan-out gate,
 * and where selectable artifacts are kept.
 */
public record ExecutionPolicy(CallLedger ledger, Duration busyPatience, FanOutGate fanOutGate, ArtifactStore artifacts) {

    /** No memory of calls, no fan-out, no artifacts: every delivery calls again. */
    public static final ExecutionPolicy PLAIN = new ExecutionPolicy(CallLedger.NONE, Duration.ZERO, FanOutGate.CLOSED,
            ArtifactStore.NONE);

    public ExecutionPolicy withLedger(CallLedger callLedger, Duration patience) {
        return new ExecutionPolicy(callLedger, patience, fanOutGate, artifacts);
    }

    public ExecutionPolicy withFanOut(FanOutGate gate) {
        return new ExecutionPolicy(ledger, busyPatience, gate, artifacts);
    }

    public ExecutionPolicy withArtifacts(ArtifactStore store) {
        return new ExecutionPolicy(ledger, busyPatience, fanOutGate, store);
    }
}
