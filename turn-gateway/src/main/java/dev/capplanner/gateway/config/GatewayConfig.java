package dev.capplanner.gateway.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** How many turns one gateway waits for and how long (docs/configuration.md, "turn-gateway"). */
@ConfigMapping(prefix = "gateway")
public interface GatewayConfig {

    /** Turns waited for at once by this replica; one more is answered 503. */
    @WithDefault("1000")
    int maxPending();

    /** Turns one user (tenant and user id) waits for at once on this replica; one more is answered 429. */
    @WithDefault("20")
    int maxPendingPerUser();

    /** How long a caller waits for its completion when it names no timeout. */
    @WithDefault("60s")
    Duration defaultTimeout();

    /** The longest wait a caller may ask for ({@code ?timeout=}, seconds). */
    @WithDefault("300s")
    Duration maxTimeout();

    /** After this long with nobody waiting, the feed stops fetching until the next caller. */
    @WithDefault("30s")
    Duration idleBeforePause();

    /** The router's API: the MCP face lists and resolves the caller's tools there ({@code POST /discovery/tools}). */
    @WithDefault("http://localhost:8082")
    String routerUrl();

    /** The executor's API: the MCP face reads a chosen row of an artifact there ({@code GET /artifacts/{handle}}). */
    @WithDefault("http://localhost:8084")
    String executorUrl();

    /** How long the MCP face waits for the router or the executor. */
    @WithDefault("10s")
    Duration apiTimeout();

    /**
     * The MCP endpoint's address as clients reach it ({@code https://planner.example.com/mcp}): the
     * {@code resource} of its protected resource metadata. Unset: taken from each request, which is
     * right only when no proxy rewrites the scheme or host.
     */
    java.util.Optional<String> mcpResourceUrl();

    /**
     * Browser origins whose pages may call the MCP endpoint ({@code https://assistant.example.com}). A
     * request carrying any other {@code Origin} is refused (the MCP specification's guard against DNS
     * rebinding); clients that are not web pages send none.
     */
    java.util.Optional<java.util.List<String>> mcpAllowedOrigins();
}
