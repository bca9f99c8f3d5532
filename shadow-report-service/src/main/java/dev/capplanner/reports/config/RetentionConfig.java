package dev.capplanner.reports.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** How long reports, call counts and reviews are kept, and how often the purge runs. */
@ConfigMapping(prefix = "reports.retention")
public interface RetentionConfig {

    /** What is older than this (by its own time: stored, observed, reviewed) is deleted. */
    @WithDefault("90d")
    Duration keep();

    /** How often the purge runs (read by the scheduler, declared here so it is typed and documented). */
    @WithDefault("1h")
    Duration every();
}
