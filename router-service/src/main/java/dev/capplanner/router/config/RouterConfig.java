package dev.capplanner.router.config;

import dev.capplanner.router.strategy.RankingStrategy;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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

    SnapshotService snapshotService();

    /** Per-tenant discovery channel policies. */
    Discovery discovery();

    interface Discovery {
        /**
         * By tenant, then by channel ({@code chat}, {@code subagent}, {@code crm}, {@code ticket},
         * {@code workflow}, {@code mcp}): {@code router.discovery.tenants.acme.channels.crm.allowlist=customers.search,orders.list}.
         */
        Map<String, TenantChannels> tenants();
    }

    interface TenantChannels {
        Map<String, ChannelLists> channels();
    }

    interface ChannelLists {
        /** The only capability names the channel may offer (unset: not restricted, except crm and ticket: nothing). */
        Optional<List<String>> allowlist();

        /** Capability names the channel never offers. */
        Optional<List<String>> denylist();
    }

    /** Where snapshot bodies are fetched by hash (each is verified against its hash and seal). */
    interface SnapshotService {
        @WithDefault("http://localhost:8081")
        String url();

        @WithDefault("2s")
        Duration timeout();

        /** How many verified snapshot bodies stay cached (by hash; they never change). */
        @WithDefault("64")
        int cacheCapacity();
    }

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
