package dev.capplanner.localstack.stack;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The db-outage fault: PostgreSQL refuses every session of the suite's database for {@link #OUTAGE}
 * (the open ones ended), then takes them again. Meanwhile each process of the services with a
 * database is asked for its readiness, which must go down: a service that stays ready through an
 * outage would keep taking traffic it cannot serve. Once the database is back each must be ready
 * again within {@link #RECOVERY}: one that stays unready is kept out of service for nothing.
 */
public final class DatabaseOutageFault {

    public static final Duration OUTAGE = Duration.ofSeconds(30);
    public static final List<String> WITH_DATABASE = List.of("snapshot-service", "executor-service", "shadow-report-service");
    /** How soon after the database is back every process with a database must be ready again. */
    public static final Duration RECOVERY = Duration.ofSeconds(30);
    private static final Duration READINESS_POLL = Duration.ofMillis(500);

    private final Set<String> unready = ConcurrentHashMap.newKeySet();
    private final Set<String> notReadyAgain = ConcurrentHashMap.newKeySet();

    /** Starts the outage on a thread of its own; publishing goes on meanwhile. */
    public Thread start(StackFaults stack, PrintStream err) {
        Thread outage = new Thread(() -> {
            err.printf("%n  PostgreSQL refusing every session for %d s%n", OUTAGE.toSeconds());
            stack.databaseAcceptsConnections(false);
            try {
                long end = System.nanoTime() + OUTAGE.toNanos();
                while (System.nanoTime() < end) {
                    unready.addAll(notReady(stack));
                    Thread.sleep(READINESS_POLL.toMillis());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                stack.databaseAcceptsConnections(true);
                err.printf("%n  PostgreSQL back; not ready meanwhile: %s%n", unready());
            }
            awaitReadyAgain(stack, err);
        }, "load-fault-db-outage");
        outage.setDaemon(true);
        outage.start();
        return outage;
    }

    private void awaitReadyAgain(StackFaults stack, PrintStream err) {
        long back = System.nanoTime();
        Set<String> waiting = notReady(stack);
        try {
            while (!waiting.isEmpty() && System.nanoTime() - back < RECOVERY.toNanos()) {
                Thread.sleep(READINESS_POLL.toMillis());
                waiting = notReady(stack);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        notReadyAgain.addAll(waiting);
        err.printf("%n  ready again %.1f s after PostgreSQL was back%s%n", (System.nanoTime() - back) / 1e9,
                waiting.isEmpty() ? "" : "; still not ready: " + new TreeSet<>(waiting));
    }

    /** The processes of the services with a database (every replica) not ready now. */
    private static Set<String> notReady(StackFaults stack) {
        Set<String> waiting = new TreeSet<>();
        stack.apps().forEach((name, app) -> {
            if (WITH_DATABASE.contains(StackOptions.serviceOf(name)) && !app.isReady()) {
                waiting.add(name);
            }
        });
        return waiting;
    }

    /** The processes whose readiness went down during the outage. */
    public Set<String> unready() {
        return new TreeSet<>(unready);
    }

    /** The processes still not ready {@link #RECOVERY} after the database was back. */
    public Set<String> notReadyAgain() {
        return new TreeSet<>(notReadyAgain);
    }
}
