package dev.capplanner.executor.execution;

import dev.capplanner.executor.authorization.ArgumentSchemaCheck;
import java.time.Duration;
import java.util.List;

/**
 * How an executor treats calls beyond the last mile: the ledger that keeps a redelivered plan from
 * repeating calls (and how long to wait for a call another delivery is making), the fan-out gate,
 * where selectable artifacts are kept, and how an MCP tool's structured result is checked against
 * its declared output schema.
 */
public record ExecutionPolicy(CallLedger ledger, Duration busyPatience, FanOutGate fanOutGate, ArtifactStore artifacts,
                              ArgumentSchemaCheck outputSchemas) {

    /** No memory of calls, no fan-out, no artifacts, no output check: every delivery calls again. */
    public static final ExecutionPolicy PLAIN = new ExecutionPolicy(CallLedger.NONE, Duration.ZERO, FanOutGate.CLOSED,
            ArtifactStore.NONE, (schema, value) -> List.of());

    public ExecutionPolicy withLedger(CallLedger callLedger, Duration patience) {
        return new ExecutionPolicy(callLedger, patience, fanOutGate, artifacts, outputSchemas);
    }

    public ExecutionPolicy withFanOut(FanOutGate gate) {
        return new ExecutionPolicy(ledger, busyPatience, gate, artifacts, outputSchemas);
    }

    public ExecutionPolicy withArtifacts(ArtifactStore store) {
        return new ExecutionPolicy(ledger, busyPatience, fanOutGate, store, outputSchemas);
    }

    /** Checks an MCP tool's structured result against the output schema it declares. */
    public ExecutionPolicy withOutputSchemas(ArgumentSchemaCheck check) {
        return new ExecutionPolicy(ledger, busyPatience, fanOutGate, artifacts, check);
    }
}
