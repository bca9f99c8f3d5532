package dev.capplanner.reports.stage;

import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.events.ShadowCompared;
import dev.capplanner.eventbus.EventStamps;
import dev.capplanner.eventbus.Outages;
import dev.capplanner.eventbus.RunEventStage;
import dev.capplanner.reports.mapping.ReportMapping;
import dev.capplanner.reports.persistence.ShadowReportRepository;
import dev.capplanner.reports.persistence.StorageOutage;
import dev.capplanner.reports.report.ShadowReport;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * A comparison is masked and stored once per run and iteration; it emits nothing. A redelivered
 * comparison (same run and iteration, whatever its event id) is acknowledged without a second row.
 * While the database is away the stage waits and tries again (backing off to every 5 s), so the
 * record is neither acknowledged nor dead-lettered: ingestion pauses, readiness reports the database
 * down, and nothing is lost when it returns. A report the database refuses is dead-lettered.
 */
@ApplicationScoped
public class ReportStage implements RunEventStage<ShadowCompared> {

    private static final Logger LOG = Logger.getLogger(ReportStage.class);

    private final ReportMapping reports;
    private final ShadowReportRepository repository;

    public ReportStage(ReportMapping reports, ShadowReportRepository repository) {
        this.reports = reports;
        this.repository = repository;
    }

    @Override
    public Uni<List<RunEvent>> apply(ShadowCompared comparison, EventStamps stamps) {
        ShadowReport report = reports.fromComparison(comparison, stamps.now());
        return Outages.waitOut(repository.storeOnce(report), StorageOutage::is, LOG, "report_storage_unavailable",
                        report.runId())
                .invoke(stored -> LOG.infof("shadow_report_stored runId=%s iteration=%d agreement=%s duplicate=%s",
                        report.runId(), report.iteration(), report.agreement(), !stored))
                .replaceWith(List.of());
    }
}
