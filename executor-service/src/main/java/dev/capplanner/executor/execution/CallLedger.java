package dev.capplanner.executor.execution;

import dev.capplanner.executor.invocation.ToolResponse;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Which calls were already made, durably, so a redelivered plan event (Kafka delivers at least once)
 * does not repeat its external calls (rule "exactly-once calls"). A call is claimed before it is sent
 * and recorded with its response after; a redelivery finds the record and reuses the response.
 */
public interface CallLedger {

    /** No memory: every call is made (for tests of other rules). */
    CallLedger NONE = new CallLedger() {
        @Override
        public CompletionStage<Claim> claim(CallKey key) {
            return CompletableFuture.completedFuture(new Claim.Granted());
        }

        @Override
        public CompletionStage<Void> record(CallKey key, ToolResponse response) {
            return CompletableFuture.completedFuture(null);
        }
    };

    /**
     * Claims the call for this delivery. Answers {@link Claim.Granted} when it was never made (or the
     * delivery that claimed it stopped before recording it, long enough ago that it cannot still be
     * sending), {@link Claim.Recorded} with the response when it was made, and
     * {@link Claim.Busy} while another delivery is making it.
     */
    CompletionStage<Claim> claim(CallKey key);

    /** Records how a claimed call ended; later claims get this response. */
    CompletionStage<Void> record(CallKey key, ToolResponse response);

    /**
     * One action of one iteration of one run, the run named by the suite's key of it (never by the
     * caller's run id alone, which anyone may reuse).
     */
    record CallKey(String runKey, int iteration, String actionId) {
    }

    /** What a claim found. */
    sealed interface Claim {
        /** Make the call. */
        record Granted() implements Claim {
        }

        /** The call was made: this is what it returned. */
        record Recorded(ToolResponse response) implements Claim {
        }

        /** Another delivery is making the call now. */
        record Busy() implements Claim {
        }
    }
}
