package dev.capplanner.executor.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

@ConfigMapping(prefix = "executor")
public interface ExecutorConfig {

    /** Target services by the name capability endpoints use, e.g. {@code executor.targets.demo-api.url}. */
    Map<String, Target> targets();

    /**
     * The oldest plan the executor runs: a plan sealed longer ago (its {@code occurredAt}, covered by the
     * seal) is refused, so a plan read off the topic cannot be replayed later. Longer than any outage
     * the turns are expected to survive.
     */
    @WithDefault("1h")
    Duration planMaxAge();

    /** Longest wait for one physical call. */
    @WithDefault("5s")
    Duration callTimeout();

    /**
     * The largest answer a call reads (HTTP body, or MCP message); a larger one fails the call unread,
     * so one source cannot exhaust the executor's memory.
     */
    @WithDefault("4194304")
    int maxResponseBytes();

    /** Targets the registry names: connections registered with a {@code baseUrl} (or an MCP server's URL). */
    RegistryTargets registryTargets();

    /** Where calls to registry-named targets may go. */
    Egress egress();

    /** Where the secrets of registered connections' credentials are read. */
    Credentials credentials();

    interface RegistryTargets {
        /** Whether a target no configuration names is looked up in the run owner's registry. */
        @WithDefault("true")
        boolean enabled();
    }

    interface Egress {
        /**
         * Hosts a registry-named target may be on: exact names, or {@code *.example.com} for its
         * subdomains. None: no registry-named target is called.
         */
        Optional<List<String>> allowedHosts();

        /**
         * Whether an allowed host may resolve to a loopback, link-local, private or otherwise
         * non-public address (a local stack; never in a shared deployment).
         */
        @WithDefault("false")
        boolean allowPrivateAddresses();
    }

    interface Credentials {
        /**
         * The secrets directory: a credential's {@code file:NAME} is {@code <directory>/<tenant>/NAME}
         * (e.g. one Kubernetes Secret per tenant mounted at {@code <directory>/<tenant>}). None: only
         * {@code env:} secrets resolve.
         */
        Optional<Path> directory();
    }

    /** The snapshot service: snapshots by hash and the live authorization decision. */
    SnapshotService snapshotService();

    /** Retries of reads that failed for the target's sake (no answer, timeout, HTTP 502/503/504). */
    Retry retry();

    /** The circuit breaker each target has. */
    CircuitBreaker circuitBreaker();

    /** The call ledger: calls made, by run, iteration and action, so a redelivered plan repeats none. */
    Ledger ledger();

    /** When one step would target several entities. */
    FanOut fanOut();

    /** How much of a result travels inline, and how long selectable artifacts are kept. */
    Evidence evidence();

    interface Evidence {
        /** The most rows of a collection inline in the evidence. */
        @WithDefault("20")
        int maxInlineRows();

        /** The most bytes of JSON inline per result. */
        @WithDefault("16384")
        int maxInlineBytes();

        /** How long a collection's complete rows stay readable by handle. */
        @WithDefault("7d")
        Duration artifactRetention();
    }

    interface FanOut {
        /** The most calls one step may be made for; 1 turns fan-out off. */
        @WithDefault("10")
        int maxTargets();

        /** Whether the plan must say the user asked about several ("all", "every") for more than one target. */
        @WithDefault("true")
        boolean requireIntent();
    }

    interface Ledger {
        /**
         * After this long a claimed call that was never recorded is taken over by a redelivery even though
         * its maker's lease looks alive (or it has no owner: claimed before owners were recorded);
         * longer than any call can take with its retries.
         */
        @WithDefault("2m")
        Duration claimTimeout();

        /**
         * Each executor process renews a lease every fifth of this; a call claimed by a process whose
         * lease has not been renewed for this long is taken over by a redelivery (the process died
         * mid-call). A process sends nothing unless its lease was renewed within this less the longest
         * call timeout, so it must outlast that timeout by two renewals (start-up fails otherwise).
         */
        @WithDefault("15s")
        Duration ownerLease();

        /** How long calls are remembered (Kafka redelivers within the consumer group's retention). */
        @WithDefault("7d")
        Duration retention();
    }

    interface Retry {
        /** Retries after the first try; 0 turns retrying off. */
        @WithDefault("2")
        int maxRetries();

        /** Delay before the first retry (jittered by half of it), doubling for each next one, up to 2 s. */
        @WithDefault("50ms")
        Duration delay();

        /** Longest time spent retrying one call. */
        @WithDefault("15s")
        Duration maxDuration();
    }

    interface CircuitBreaker {
        /** How many recent calls of a target the breaker looks at. */
        @WithDefault("8")
        int requestVolume();

        /** The share of those that, failed, opens the breaker. */
        @WithDefault("0.5")
        double failureRatio();

        /** How long an open breaker refuses calls before one trial call. */
        @WithDefault("10s")
        Duration openFor();
    }

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

        /**
         * How long the last-mile check keeps asking a registry that cannot answer (unreachable, or
         * failing on its database) before the call is denied: an outage shorter than this delays the
         * turn, it does not deny its calls.
         */
        @WithDefault("60s")
        Duration authorizationPatience();
    }
}
