package dev.capplanner.gateway.turns;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The turns this gateway published and still waits for, each with whoever listens for it. Bounded:
 * a full gateway, or a user already waiting for as many turns as one may, refuses new turns rather
 * than growing; a turn already waited for here is refused too, so no two callers of one gateway
 * share one turn's answer.
 */
public final class PendingTurns {

    /** Whether a turn may be waited for. */
    public enum Registration { REGISTERED, ALREADY_WAITING, USER_FULL, FULL }

    private final int capacity;
    private final int perUser;
    private final Map<TurnKey, Consumer<TurnUpdate>> listeners = new ConcurrentHashMap<>();
    /** By conversation and run id, the two things a record says without being read: a cheap first filter. */
    private final Map<String, AtomicInteger> byRecordKey = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> byOwner = new ConcurrentHashMap<>();

    public PendingTurns(int capacity, int perUser) {
        if (capacity < 1 || perUser < 1) {
            throw new IllegalArgumentException("capacity and per-user bound must be at least 1");
        }
        this.capacity = capacity;
        this.perUser = perUser;
    }

    public synchronized Registration register(TurnKey key, Consumer<TurnUpdate> listener) {
        if (listeners.containsKey(key)) {
            return Registration.ALREADY_WAITING;
        }
        if (listeners.size() >= capacity) {
            return Registration.FULL;
        }
        AtomicInteger owned = byOwner.get(key.owner());
        if (owned != null && owned.get() >= perUser) {
            return Registration.USER_FULL;
        }
        listeners.put(key, listener);
        increment(byRecordKey, recordKey(key.conversationId(), key.runId()));
        increment(byOwner, key.owner());
        return Registration.REGISTERED;
    }

    /**
     * Stops waiting (answered, timed out, or the caller went away), only if {@code listener} is still
     * the one waiting: a late clean-up never ends a newer caller's wait for the same turn.
     */
    public synchronized void remove(TurnKey key, Consumer<TurnUpdate> listener) {
        if (listeners.remove(key, listener)) {
            decrement(byRecordKey, recordKey(key.conversationId(), key.runId()));
            decrement(byOwner, key.owner());
        }
    }

    /** Whether a record keyed by this conversation with this run id may be for a turn waited for here. */
    public boolean mayConcern(String conversationId, String runId) {
        return conversationId != null && runId != null && byRecordKey.containsKey(recordKey(conversationId, runId));
    }

    /**
     * Hands the update to the turn's listener; a completion ends the wait. A listener that fails (a
     * caller gone while it was written to) loses its own update, never another caller's.
     *
     * @return false when the listener failed
     */
    public boolean deliver(TurnKey key, TurnUpdate update) {
        Consumer<TurnUpdate> listener = listeners.get(key);
        if (listener == null) {
            return true;
        }
        if (update instanceof TurnUpdate.Completed) {
            remove(key, listener);
        }
        try {
            listener.accept(update);
            return true;
        } catch (RuntimeException e) {
            remove(key, listener);
            return false;
        }
    }

    public int size() {
        return listeners.size();
    }

    public boolean isEmpty() {
        return listeners.isEmpty();
    }

    private static void increment(Map<String, AtomicInteger> counts, String key) {
        counts.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
    }

    private static void decrement(Map<String, AtomicInteger> counts, String key) {
        counts.computeIfPresent(key, (k, count) -> count.decrementAndGet() == 0 ? null : count);
    }

    private static String recordKey(String conversationId, String runId) {
        return conversationId + '\u0000' + runId;
    }
}
