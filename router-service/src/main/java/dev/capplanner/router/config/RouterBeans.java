package dev.capplanner.router.config;

import dev.capplanner.router.rankers.SnapshotRankers;
import dev.capplanner.router.routing.CapabilityRouter;
import dev.capplanner.router.routing.DeterministicRouter;
import dev.capplanner.router.semantic.CapabilityEmbeddings;
import dev.capplanner.router.semantic.MiniLmEmbedder;
import dev.capplanner.router.llm.LangChainRouterModel;
import dev.capplanner.router.llm.RoutingAssistant;
import dev.capplanner.router.routing.llm.LlmRouter;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

public class RouterBeans {

    @Produces
    @Singleton
    CapabilityRouter router(RouterConfig config, Instance<RoutingAssistant> assistant) {
        DeterministicRouter deterministic = new DeterministicRouter(config.maxCandidates());
        if (!config.llm().enabled()) {
            return deterministic;
        }
        return new LlmRouter(new LangChainRouterModel(assistant.get()), deterministic, config.maxCandidates());
    }

    /** A mistyped strategy stops the start instead of silently ranking another way. */
    @Produces
    @Singleton
    SnapshotRankers snapshotRankers(RouterConfig config) {
        return new SnapshotRankers(config.strategy(),
                () -> new CapabilityEmbeddings(new MiniLmEmbedder()), config.indexCacheSize());
    }
}
