package dev.capplanner.executor;

import dev.capplanner.executor.execution.CallLedger;
import dev.capplanner.executor.invocation.ToolResponse;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;

/** A call ledger in memory, for unit tests of what a redelivered plan calls again: nothing recorded. */
final class MemoryCallLedger implements CallLedger {

    private final Map<CallKey, ToolResponse> recorded = new ConcurrentHashMap<>();

    @Override
    public CompletionStage<Claim> claim(CallKey key) {
        ToolResponse response = recorded.get(key);
        return CompletableFuture.completedFuture(response == null ? new Claim.Granted() : new Claim.Recorded(response));
    }

    @Override
    public CompletionStage<Void> record(CallKey key, ToolResponse response) {
        recorded.put(key, response);
        return CompletableFuture.completedFuture(null);
    }

    Set<CallKey> keys() {
        return recorded.keySet();
    }
}
