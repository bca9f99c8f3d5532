package dev.capplanner.reports.config;

import dev.capplanner.reports.masking.MaskingMode;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.List;
import java.util.Map;
import java.util.Optional;

@ConfigMapping(prefix = "reports.masking")
public interface ReportConfig {

    /** The pseudonym key, base64 (at least 32 bytes); a Secret in production. Rotating it changes every pseudonym. */
    String key();

    /** Regions whose national phone formats are recognized without a country code. */
    @WithDefault("US,GB,IT,DE,FR,ES,NL")
    List<String> phoneRegions();

    /**
     * How free text is masked unless a tenant says otherwise: {@code strict} (every word no vocabulary keeps
     * becomes a pseudonym) or {@code detector} (only what the detectors recognize).
     */
    @WithDefault("strict")
    MaskingMode mode();

    /** A text beyond this many characters is cut (after normalization) and says so: the question, a reason, a plan's string. */
    @WithDefault("4000")
    int maxTextChars();

    /** A plan's strings together keep at most this many characters; later ones are replaced by a marker. */
    @WithDefault("32000")
    int maxPlanChars();

    /** A plan keeps at most this many JSON values (entries, items, scalars); the rest is replaced by a marker. */
    @WithDefault("1000")
    int maxJsonValues();

    /** A plan keeps this many levels of nesting; deeper values are replaced by a marker. */
    @WithDefault("32")
    int maxJsonDepth();

    /** At most this many values bound from the question are searched for in the report's texts. */
    @WithDefault("100")
    int maxBoundValues();

    /** Per tenant, keys whose values are masked whole in addition to the defaults (name, email, ...). */
    Map<String, Tenant> tenants();

    interface Tenant {
        Optional<List<String>> sensitiveKeys();

        /** This tenant's mode; the service's {@code mode} when unset. */
        Optional<MaskingMode> mode();

        /** Words strict mode keeps for this tenant besides the shipped vocabulary (product names, codes of its domain). */
        Optional<List<String>> vocabulary();
    }
}
