package dev.capplanner.gateway.turns;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The turns this gateway published and still waits for, each with whoever listens for it. Bounded:
 * a full gateway refuses new turns rather than growing; a turn already waited for (same run,
 * conversation, tenant and user) is refused too, so no two callers share one turn's answer.
 */
public final class PendingTurns {

    /** Why a turn could not be waited for. */
    public enum Registration { REGISTERED, ALREADY_WAITING, FULL }

    private final int capacity;
    private final Map<TurnKey, Consumer<TurnUpdate>> listeners = new ConcurrentHashMap<>();
    /** By conversation and run id, the two things a record says without being read: a cheap first filter. */
    private final Map<String, AtomicInteger> byRecordKey = new ConcurrentHashMap<>();

    public PendingTurns(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1");
        }
        this.capacity = capacity;
    }

    public synchronized Registration register(TurnKey key, Consumer<TurnUpdate> listener) {
        if (listeners.containsKey(key)) {
            return Registration.ALREADY_WAITING;
        }
        if (listeners.size() >= capacity) {
            return Registration.FULL;
        }
        listeners.put(key, listener);
        byRecordKey.computeIfAbsent(recordKey(key.conversationId(), key.runId()), k -> new AtomicInteger()).incrementAndGet();
        return Registration.REGISTERED;
    }

    /** Stops waiting (answered, timed out, or the caller went away); a second call does nothing. */
    public synchronized void remove(TurnKey key) {
        if (listeners.remove(key) != null) {
            byRecordKey.computeIfPresent(recordKey(key.conversationId(), key.runId()),
                    (k, count) -> count.decrementAndGet() == 0 ? null : count);
        }
    }

    /** Whether a record keyed by this conversation with this run id may be for a turn waited for here. */
    public boolean mayConcern(String conversationId, String runId) {
        return conversationId != null && runId != null && byRecordKey.containsKey(recordKey(conversationId, runId));
    }

    /** Hands the update to the turn's listener; a completion ends the wait. */
    public void deliver(TurnKey key, TurnUpdate update) {
        Consumer<TurnUpdate> listener = listeners.get(key);
        if (listener == null) {
            return;
        }
        if (update instanceof TurnUpdate.Completed) {
            remove(key);
        }
        listener.accept(update);
    }

    public int size() {
        return listeners.size();
    }

    public boolean isEmpty() {
        return listeners.isEmpty();
    }

    private static String recordKey(String conversationId, String runId) {
        return conversationId + '\u0000' + runId;
    }
}
