package dev.capplanner.reports.config;

import dev.capplanner.contracts.trust.FactSeals;
import dev.capplanner.eventbus.trust.SealKeys;
import dev.capplanner.reports.mapping.ReportEvents;
import dev.capplanner.reports.masking.Detector;
import dev.capplanner.reports.masking.MaskingLimits;
import dev.capplanner.reports.masking.Pseudonyms;
import dev.capplanner.reports.masking.ReportMasker;
import dev.capplanner.reports.masking.SensitiveKeys;
import dev.capplanner.reports.masking.StandardDetectors;
import dev.capplanner.reports.masking.TenantMasking;
import dev.capplanner.reports.masking.TextMasker;
import dev.capplanner.reports.masking.Vocabulary;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
        Vocabulary vocabulary = Vocabulary.shipped();
        List<Detector> detectors = StandardDetectors.of(vocabulary, config.phoneRegions());
        Pseudonyms pseudonyms = new Pseudonyms(Base64.getDecoder().decode(config.key()));
        MaskingLimits limits = new MaskingLimits(config.maxTextChars(), config.maxPlanChars(), config.maxJsonValues(),
                config.maxJsonDepth(), config.maxBoundValues());
        // Configured tenants only: any other tenant id gets the defaults without adding an entry.
        Map<String, TenantMasking> configured = new ConcurrentHashMap<>();
        config.tenants().forEach((tenant, settings) -> configured.put(tenant, new TenantMasking(
                SensitiveKeys.defaultsPlus(settings.sensitiveKeys().orElse(List.of())), settings.mode().orElse(config.mode()),
                Set.copyOf(settings.vocabulary().orElse(List.of())))));
        TenantMasking defaults = new TenantMasking(SensitiveKeys.defaultsPlus(List.of()), config.mode(), Set.of());
        LOG.infof("masking mode %s (tenants with their own settings: %s)", config.mode(), new TreeSet<>(configured.keySet()));
        return new ReportMasker(new TextMasker(detectors, pseudonyms, limits),
                tenant -> configured.getOrDefault(tenant, defaults), limits, vocabulary);
    }

    @Produces
    @Singleton
    ReportEvents reportMapping(ReportMasker masker) {
        return new ReportEvents(masker);
    }
}
