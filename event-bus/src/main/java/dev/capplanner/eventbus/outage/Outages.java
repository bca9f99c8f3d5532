package dev.capplanner.eventbus.outage;

import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.jboss.logging.Logger;

/**
 * A stage's work that failed because something it needs is away (a database, the snapshot service)
 * is tried again, backing off to every 5 s, for as long as it takes: the record is neither
 * acknowledged nor dead-lettered, the partition's ingestion pauses, and nothing is lost when the
 * dependency returns. Any other failure passes through.
 */
public final class Outages {

    /** The back-off of every wait for something away, here and where a wait is bounded. */
    public static final Duration FIRST_RETRY = Duration.ofMillis(200);
    public static final Duration MAX_RETRY_INTERVAL = Duration.ofSeconds(5);

    private Outages() {
    }

    /**
     * @param work    the stage's work
     * @param isOutage which failures mean "away", not "wrong"
     * @param event   the log event name for each wait, e.g. {@code snapshot_service_unavailable}
     * @param runId   the run whose record waits (logged, never its content)
     */
    public static <T> Uni<T> waitOut(Uni<T> work, Predicate<Throwable> isOutage, Logger log, String event,
                                     String runId) {
        AtomicInteger waits = new AtomicInteger();
        return work.onFailure(isOutage).invoke(outage -> log.warnf("%s runId=%s error=%s wait=%d (retrying)", event,
                        runId, outage.getClass().getSimpleName(), waits.incrementAndGet()))
                .onFailure(isOutage).retry().withBackOff(FIRST_RETRY, MAX_RETRY_INTERVAL).indefinitely();
    }
}
