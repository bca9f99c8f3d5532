package dev.capplanner.reports.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** How an analyst's verified token is read. */
@ConfigMapping(prefix = "reports.auth")
public interface AuthConfig {

    /** The claim listing the tenants the analyst may read: a JSON array or a comma-separated string. */
    @WithDefault("tenants")
    String tenantClaim();
}
