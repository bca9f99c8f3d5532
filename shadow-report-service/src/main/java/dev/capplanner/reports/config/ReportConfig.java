package dev.capplanner.reports.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.List;
import java.util.Map;

@ConfigMapping(prefix = "reports.masking")
public interface ReportConfig {

    /** The pseudonym key, base64 (at least 32 bytes); a Secret in production. Rotating it changes every pseudonym. */
    String key();

    /** Regions whose national phone formats are recognized without a country code. */
    @WithDefault("US,GB,IT,DE,FR,ES,NL")
    List<String> phoneRegions();

    /** Locales whose name and street-type lists the detectors know. */
    @WithDefault("en,it,de,fr,es,pt,nl,sv,pl")
    List<String> nameLocales();

    /** Per tenant, keys whose values are masked whole in addition to the defaults (name, email, ...). */
    Map<String, Tenant> tenants();

    interface Tenant {
        List<String> sensitiveKeys();
    }
}
