package dev.capplanner.eventbus.warmup;

/**
 * Work a service does before it takes its first record, so that no turn pays for it: a fresh JVM
 * loads, interprets and compiles every class a stage touches, and opens its clients, on first use
 * (measured: the first turn through the five services took 6.8 s and later turns 90 ms of stage
 * logic, with the machine's two cores busy loading and compiling code the whole time).
 *
 * <p>A pass runs the same code a turn runs, on {@link dev.capplanner.contracts.SampleEvents}, and
 * must leave nothing a turn or an analyst could see: no event published, no row written, no metric
 * of a real stage recorded.
 */
public interface WarmUp {

    /** A short name for the log, e.g. {@code route-stage}. */
    String name();

    /** One pass; called {@link #passes()} times in a row. */
    void pass() throws Exception;

    /**
     * How many passes: several for pure code (the compiler compiles a method after it has run a few
     * hundred times), one for a step whose cost is a first connection.
     */
    default int passes() {
        return StartupWarmUp.DEFAULT_PASSES;
    }

    /** When it runs; readiness waits for every phase that has a step. */
    default Phase phase() {
        return Phase.BEFORE_CONSUMERS;
    }

    /**
     * For a step of the {@link Phase#HTTP_LISTENING} phase: the port its own server listens on, told
     * before its passes (0 when the server took a random port it does not report).
     */
    default void listensOn(int port) {
    }

    enum Phase {
        /** During start-up, before the messaging connectors start: no consumer has taken a record yet. */
        BEFORE_CONSUMERS,
        /** Right after the connectors start, for what only exists then (the Kafka producer). */
        CONNECTORS_STARTED,
        /** Once the service's HTTP server listens, on a thread of its own, for requests to itself. */
        HTTP_LISTENING
    }
}
