package dev.capplanner.router.config;

import dev.capplanner.router.ranking.KeywordIndexCache;
import dev.capplanner.router.routing.CapabilityRouter;
import dev.capplanner.router.routing.DeterministicRouter;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

public class RouterBeans {

    @Produces
    @Singleton
    CapabilityRouter router(RouterConfig config) {
        return new DeterministicRouter(config.maxCandidates());
    }

    @Produces
    @Singleton
    KeywordIndexCache keywordIndexCache(RouterConfig config) {
        return new KeywordIndexCache(config.indexCacheSize());
    }
}
