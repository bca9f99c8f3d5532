package dev.capplanner.reports.config;

import dev.capplanner.reports.masking.SensitiveValueMasker;
import dev.capplanner.reports.report.ShadowReports;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

public class ReportBeans {

    @Produces
    @Singleton
    ShadowReports shadowReports() {
        return new ShadowReports(new SensitiveValueMasker());
    }
}
