package dev.capplanner.router.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

@ConfigMapping(prefix = "router")
public interface RouterConfig {

    /** How many candidates a route may hold; values above 8 are bounded to 8. */
    @WithDefault("8")
    int maxCandidates();

    /** How many snapshot indexes (one per distinct snapshot hash) stay cached. */
    @WithDefault("256")
    int indexCacheSize();
}
