package dev.capplanner.reports.stage;

import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.events.ShadowCompared;
import dev.capplanner.eventbus.EventStamps;
import dev.capplanner.eventbus.RunEventStage;
import dev.capplanner.reports.mapping.ReportMapping;
import dev.capplanner.reports.persistence.ShadowReportRepository;
import dev.capplanner.reports.report.ShadowReport;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * A comparison is masked and stored once per run and iteration; it emits nothing. A redelivered
 * comparison (same run and iteration, whatever its event id) is acknowledged without a second row.
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
        return repository.storeOnce(report)
                .invoke(stored -> LOG.infof("shadow_report_stored runId=%s iteration=%d agreement=%s duplicate=%s",
                        report.runId(), report.iteration(), report.agreement(), !stored))
                .replaceWith(List.of());
    }
}
