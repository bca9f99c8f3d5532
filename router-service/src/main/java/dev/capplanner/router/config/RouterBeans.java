package dev.capplanner.router.config;

import dev.capplanner.router.ranking.LexicalRanker;
import dev.capplanner.router.routing.CapabilityRouter;
import dev.capplanner.router.routing.DeterministicRouter;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

public class RouterBeans {

    @Produces
    @Singleton
    CapabilityRouter router(RouterConfig config) {
        return new DeterministicRouter(new LexicalRanker(), config.maxCandidates());
    }
}
