package dev.capplanner.reports.stage;

import dev.capplanner.contracts.SampleEvents;
import dev.capplanner.contracts.events.ShadowCompared;
import dev.capplanner.eventbus.warmup.WarmUp;
import dev.capplanner.reports.mapping.ReportEvents;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;

/**
 * The report stage's own work on the sample comparison: the report assembled and every value in it
 * masked (detectors, dictionaries and keyed pseudonyms loaded and run). Nothing is stored.
 */
@ApplicationScoped
public class ReportStageWarmUp implements WarmUp {

    private final ReportEvents reports;
    private final Clock clock;

    public ReportStageWarmUp(ReportEvents reports, Clock clock) {
        this.reports = reports;
        this.clock = clock;
    }

    @Override
    public String name() {
        return "report-stage";
    }

    @Override
    public void pass() {
        reports.fromComparison(SampleEvents.of(ShadowCompared.class), clock.instant());
    }
}
