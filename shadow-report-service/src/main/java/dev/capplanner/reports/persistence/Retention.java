package dev.capplanner.reports.persistence;

import dev.capplanner.reports.config.RetentionConfig;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.jboss.logging.Logger;

/**
 * Reports, call counts, reviews and labels are kept for {@code reports.retention.keep} (default 90 days), each
 * by its own time (stored, observed, reviewed, labelled); a purge runs every {@code reports.retention.every}
 * (default one hour, never two at once), on every replica alike: deleting what is already gone is a
 * no-op. Deleted reports leave the summary's hourly rollup with them.
 */
@ApplicationScoped
public class Retention {

    private static final Logger LOG = Logger.getLogger(Retention.class);

    private final Duration keep;
    private final Clock clock;
    private final ReportWrites reports;

    public Retention(RetentionConfig config, Clock clock, ReportWrites reports) {
        Duration keep = config.keep();
        if (keep.isNegative() || keep.isZero()) {
            throw new IllegalStateException("reports.retention.keep must be positive");
        }
        this.keep = keep;
        this.clock = clock;
        this.reports = reports;
    }

    @Scheduled(every = "${reports.retention.every:1h}", delayed = "1m",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> scheduled() {
        return purge().replaceWithVoid();
    }

    /** Deletes what is older than the retention; how many reports went. */
    public Uni<Long> purge() {
        Instant cutoff = clock.instant().minus(keep);
        return reports.deleteStoredBefore(cutoff)
                .call(() -> Panache.withTransaction(() -> ExternalCallsEntity.delete("observedAt < ?1", cutoff)
                        .call(() -> ReviewEntity.delete("reviewedAt < ?1", cutoff))
                        .call(() -> LabelEntity.delete("labelledAt < ?1", cutoff))))
                .invoke(deleted -> LOG.infof("reports_purged before=%s reports=%d", cutoff, deleted));
    }
}
