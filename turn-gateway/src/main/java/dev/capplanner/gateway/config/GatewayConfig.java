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
}
