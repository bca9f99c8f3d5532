package dev.capplanner.router.config;

import dev.capplanner.router.rankers.RankingStrategy;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

@ConfigMapping(prefix = "router")
public interface RouterConfig {

    /** How many candidates a route may hold; values above 8 are bounded to 8. */
    @WithDefault("8")
    int maxCandidates();

    /** keyword (BM25), semantic (in-process MiniLM) or hybrid (both, fused); a mistyped one stops the start. */
    @WithDefault("hybrid")
    RankingStrategy strategy();

    /** How many snapshot indexes (one per distinct snapshot hash) stay cached. */
    @WithDefault("256")
    int indexCacheSize();

    Llm llm();

    /** The LLM router; off by default, so the suite routes offline with the deterministic router. */
    interface Llm {
        /**
         * Route with the chat model configured under quarkus.langchain4j.openai.* (any
         * OpenAI-compatible endpoint, Ollama's /v1 included); the deterministic route is the fallback.
         */
        @WithDefault("false")
        boolean enabled();
    }
}
