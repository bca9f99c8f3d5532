package dev.capplanner.localstack;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The db-outage fault: PostgreSQL refuses every session of the suite's database for {@link #OUTAGE}
 * (the open ones ended), then takes them again. Meanwhile each service with a database is asked for
 * its readiness, which must go down: a service that stays ready through an outage would keep taking
 * traffic it cannot serve.
 */
final class DatabaseOutageFault {

    static final Duration OUTAGE = Duration.ofSeconds(30);
    static final List<String> WITH_DATABASE = List.of("snapshot-service", "executor-service", "shadow-report-service");
    private static final Duration READINESS_POLL = Duration.ofMillis(500);

    private final Set<String> unready = ConcurrentHashMap.newKeySet();

    /** Starts the outage on a thread of its own; publishing goes on meanwhile. */
    Thread start(LocalStack stack, PrintStream err) {
        Thread outage = new Thread(() -> {
            err.printf("%n  PostgreSQL refusing every session for %d s%n", OUTAGE.toSeconds());
            stack.databaseAcceptsConnections(false);
            try {
                long end = System.nanoTime() + OUTAGE.toNanos();
                while (System.nanoTime() < end) {
                    WITH_DATABASE.forEach(app -> {
                        if (!stack.apps().get(app).isReady()) {
                            unready.add(app);
                        }
                    });
                    Thread.sleep(READINESS_POLL.toMillis());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                stack.databaseAcceptsConnections(true);
                err.printf("%n  PostgreSQL back; not ready meanwhile: %s%n", unready());
            }
        }, "load-fault-db-outage");
        outage.setDaemon(true);
        outage.start();
        return outage;
    }

    /** The services whose readiness went down during the outage. */
    Set<String> unready() {
        return new TreeSet<>(unready);
    }
}
