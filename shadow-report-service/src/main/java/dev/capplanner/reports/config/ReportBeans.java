package dev.capplanner.reports.config;

import dev.capplanner.reports.masking.SensitiveValueMasker;
import dev.capplanner.reports.mapping.ReportMapping;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

public class ReportBeans {

    @Produces
    @Singleton
    ReportMapping reportMapping() {
        return new ReportMapping(new SensitiveValueMasker());
    }
}
