package dev.capplanner.reports.messaging;

import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.events.ShadowCompared;
import dev.capplanner.eventbus.RunEventInbox;
import dev.capplanner.reports.persistence.ShadowReportRepository;
import dev.capplanner.reports.report.ShadowReport;
import dev.capplanner.reports.report.ShadowReports;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

/** shadow compared -> masked report in PostgreSQL. */
@ApplicationScoped
public class ShadowReportConsumer {

    private static final Logger LOG = Logger.getLogger(ShadowReportConsumer.class);

    private final RunEventInbox inbox;
    private final ShadowReports reports;
    private final ShadowReportRepository repository;
    private final Clock clock = Clock.systemUTC();

    public ShadowReportConsumer(RunEventInbox inbox, ShadowReports reports, ShadowReportRepository repository) {
        this.inbox = inbox;
        this.reports = reports;
        this.repository = repository;
    }

    @Incoming("shadow-compared")
    public Uni<Void> onShadowCompared(Message<String> record) {
        return inbox.handle(record, EventType.SHADOW_COMPARED, ShadowCompared.class, comparison -> {
            ShadowReport report = reports.fromComparison(comparison, clock.instant());
            return repository.storeOnce(report)
                    .invoke(stored -> LOG.infof("shadow_report_stored runId=%s iteration=%d agreement=%s duplicate=%s",
                            report.runId(), report.iteration(), report.agreement(), !stored))
                    .replaceWithVoid();
        });
    }
}
