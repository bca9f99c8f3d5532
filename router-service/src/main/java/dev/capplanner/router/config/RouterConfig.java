package dev.capplanner.router.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

@ConfigMapping(prefix = "router")
public interface RouterConfig {

    /** How many candidates a route may hold; values above 8 are bounded to 8. */
    @WithDefault("8")
    int maxCandidates();

    /**
     * keyword (BM25), semantic (in-process MiniLM) or hybrid. Keyword until the hybrid has a
     * relevance floor: semantic scores rank every tool, even for questions no tool fits.
     */
    @WithDefault("keyword")
    String strategy();

    /** How many snapshot indexes (one per distinct snapshot hash) stay cached. */
    @WithDefault("256")
    int indexCacheSize();
}
