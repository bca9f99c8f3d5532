package dev.capplanner.reports.config;

import dev.capplanner.contracts.trust.FactSeals;
import dev.capplanner.eventbus.trust.SealKeys;
import dev.capplanner.reports.mapping.ReportEvents;
import dev.capplanner.reports.masking.DatafakerDictionary;
import dev.capplanner.reports.masking.Detector;
import dev.capplanner.reports.masking.MaskingLimits;
import dev.capplanner.reports.masking.NameDictionary;
import dev.capplanner.reports.masking.Pseudonyms;
import dev.capplanner.reports.masking.ReportMasker;
import dev.capplanner.reports.masking.SensitiveKeys;
import dev.capplanner.reports.masking.StandardDetectors;
import dev.capplanner.reports.masking.TextMasker;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.logging.Logger;

public class ReportBeans {

    private static final Logger LOG = Logger.getLogger(ReportBeans.class);

    /** Loads the producers' seal keys at start-up, so a missing key fails the start rather than the first report. */
    void loadSealKeys(@Observes StartupEvent started, @Named(SealKeys.COMPARISONS) FactSeals comparisons,
                      @Named(SealKeys.OBSERVATIONS) FactSeals observations) {
        LOG.infof("comparison seals verified with keys %s, observation seals with keys %s",
                new TreeSet<>(comparisons.keys().keyIds()), new TreeSet<>(observations.keys().keyIds()));
    }

    @Produces
    @Singleton
    ReportMasker reportMasker(ReportConfig config) {
        NameDictionary names = DatafakerDictionary.load(config.nameLocales());
        List<Detector> detectors = StandardDetectors.of(names, config.phoneRegions());
        Pseudonyms pseudonyms = new Pseudonyms(Base64.getDecoder().decode(config.key()));
        Map<String, SensitiveKeys> byTenant = new ConcurrentHashMap<>();
        MaskingLimits limits = new MaskingLimits(config.maxTextChars(), config.maxPlanChars(), config.maxJsonValues(),
                config.maxJsonDepth(), config.maxBoundValues());
        return new ReportMasker(new TextMasker(detectors, pseudonyms, limits), tenant -> byTenant.computeIfAbsent(tenant,
                t -> SensitiveKeys.defaultsPlus(config.tenants().containsKey(t)
                        ? config.tenants().get(t).sensitiveKeys() : List.of())), limits);
    }

    @Produces
    @Singleton
    ReportEvents reportMapping(ReportMasker masker) {
        return new ReportEvents(masker);
    }
}
