package dev.capplanner.localstack.stack;

import java.time.Duration;

/** A stack whose processes a load run may stop and start: only one it started itself. */
public interface StackFaults extends LoadTarget {

    /** Stops the Kafka broker (its log kept) and starts it again on the same ports after {@code down}. */
    void restartBroker(Duration down) throws InterruptedException;

    /** The suite's database refuses every session (and ends the open ones) until told to accept them again. */
    void databaseAcceptsConnections(boolean accepting);

    /** Kills a service without warning and starts it again; returns when it is ready. */
    void killAndRestart(String app);

    /** Waits up to {@code patience} for the executor to be mid-call; answers how many calls it saw in flight. */
    long awaitExecutorCallInFlight(Duration patience);
}
