package dev.capplanner.executor.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

@ConfigMapping(prefix = "executor")
public interface ExecutorConfig {

    /** Target services by the name capability endpoints use, e.g. {@code executor.targets.demo-api.url}. */
    Map<String, Target> targets();

    /** Longest wait for one physical call. */
    @WithDefault("5s")
    Duration callTimeout();

    /** The snapshot service: snapshots by hash and the live authorization decision. */
    SnapshotService snapshotService();

    interface Target {
        /** Base URL, e.g. {@code http://demo-api:8090}; an MCP server's streamable HTTP endpoint. */
        Optional<String> url();

        /**
         * Instead of a URL, for an MCP server run locally over stdio: the command line that starts it
         * (program and arguments separated by spaces), e.g. {@code executor.targets.notes.command=npx -y notes-mcp}.
         */
        Optional<String> command();

        /** Longest wait for one call to this target; {@code executor.call-timeout} when unset. */
        Optional<Duration> timeout();
    }

    interface SnapshotService {
        /** Base URL, e.g. {@code http://snapshot-service:8081}. */
        String url();

        /** Longest wait for a snapshot body or an authorization decision. */
        @WithDefault("2s")
        Duration timeout();

        /** How many verified snapshots (by hash) stay in memory. */
        @WithDefault("256")
        int cacheCapacity();
    }
}
