package dev.capplanner.reports.stage;

import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.events.ShadowCompared;
import dev.capplanner.contracts.trust.FactSeals;
import dev.capplanner.contracts.trust.RunIdentity;
import dev.capplanner.contracts.trust.SealKeyRing;
import dev.capplanner.eventbus.EventStamps;
import dev.capplanner.eventbus.RunEventBatchStage;
import dev.capplanner.eventbus.outage.DatabaseOutage;
import dev.capplanner.eventbus.outage.Outages;
import dev.capplanner.eventbus.trust.SealKeys;
import dev.capplanner.reports.mapping.ReportEvents;
import dev.capplanner.reports.persistence.ReportWrites;
import dev.capplanner.reports.persistence.RunIteration;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Named;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * Comparisons sealed by the planner are masked and stored once per run and iteration, a poll's worth in one statement; the
 * stage emits nothing. A redelivered comparison (same run and iteration, whatever its event id) is
 * acknowledged without a second row. While the database is away the stage waits and tries again
 * (backing off to every 5 s), so the records are neither acknowledged nor dead-lettered: ingestion
 * pauses, readiness reports the database down, and nothing is lost when it returns. A batch the
 * database refuses is stored again a comparison at a time, and only the refused one is dead-lettered.
 */
@ApplicationScoped
public class ReportStage implements RunEventBatchStage<ShadowCompared> {

    private static final Logger LOG = Logger.getLogger(ReportStage.class);

    private final ReportEvents reports;
    private final ReportWrites writes;
    private final FactSeals comparisonSeals;

    public ReportStage(ReportEvents reports, ReportWrites writes, @Named(SealKeys.COMPARISONS) FactSeals comparisonSeals) {
        this.reports = reports;
        this.writes = writes;
        this.comparisonSeals = comparisonSeals;
    }

    /**
     * A comparison the planner did not seal (or that was changed since) is dead-lettered unstored: the
     * promotion gate is computed from these reports, and anyone who may write to the topic could
     * otherwise make it pass for a tenant.
     */
    @Override
    public Optional<String> refusal(ShadowCompared comparison) {
        return comparisonSeals.refusal(comparison);
    }

    /**
     * Masking is most of the CPU a comparison costs: a batch is masked off the event loop (which keeps
     * serving the analyst API), on as many cores as there are.
     */
    @Override
    public Uni<Void> applyAll(List<ShadowCompared> comparisons, EventStamps stamps) {
        return Uni.createFrom().item(() -> comparisons.parallelStream()
                        .map(c -> keyed(c, stamps)).toList())
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .chain(masked -> store(masked).replaceWithVoid());
    }

    @Override
    public Uni<List<RunEvent>> apply(ShadowCompared comparison, EventStamps stamps) {
        return store(List.of(keyed(comparison, stamps))).replaceWith(List.of());
    }

    /**
     * Masked, keyed by the run as the suite knows it (a reused run id is another run's report), with
     * the id of the planner key that sealed it (the runner admitted only comparisons whose seal verified).
     */
    private ReportWrites.KeyedReport keyed(ShadowCompared comparison, EventStamps stamps) {
        return new ReportWrites.KeyedReport(RunIdentity.keyOf(comparison.run()), SealKeyRing.keyIdOf(comparison.seal()),
                reports.fromComparison(comparison, stamps.now()));
    }

    private Uni<Set<RunIteration>> store(List<ReportWrites.KeyedReport> masked) {
        return Outages.waitOut(writes.storeAll(masked), DatabaseOutage::is, LOG, "report_storage_unavailable",
                        masked.get(0).report().runId())
                .invoke(stored -> masked.forEach(keyed -> LOG.infof(
                        "shadow_report_stored runId=%s iteration=%d agreement=%s duplicate=%s", keyed.report().runId(),
                        keyed.report().iteration(), keyed.report().agreement(),
                        !stored.contains(new RunIteration(keyed.runKey(), keyed.report().iteration())))));
    }
}
