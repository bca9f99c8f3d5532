package dev.capplanner.snapshot.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

@ConfigMapping(prefix = "snapshot")
public interface SnapshotConfig {

    /**
     * A registry document (file path or {@code classpath:} resource) registered at start-up when the
     * registry has no connection yet; unset, the registry starts empty and every snapshot is empty.
     */
    Optional<String> seedRegistry();

    /** How many snapshots (by tenant, project, permissions and registry revision) stay in memory. */
    @WithDefault("1024")
    int cacheCapacity();

    /**
     * A shared bearer token of the admin API, standing for the identity {@code admin} (for bootstrapping;
     * operators should use {@link #operators()}); with neither, the admin API answers 403 to everyone.
     */
    Optional<String> adminToken();

    /**
     * Each operator's own admin token, by identity ({@code snapshot.operators.alice=<token>}): approvals and
     * revocations are recorded under the identity the token belongs to. Tokens have at least 16 characters.
     */
    Map<String, String> operators();

    /**
     * MCP servers this service may start and speak to over stdio (for local use), by the name a
     * registration gives as its {@code command}: {@code snapshot.stdio-commands.notes=npx -y notes-mcp}
     * (program and arguments separated by spaces). Registrations can only name these.
     */
    Map<String, String> stdioCommands();

    /**
     * The slash commands each tenant trusts, by tenant id ({@code snapshot.trusted-commands.acme=/all}):
     * a turn's {@code command} goes on to the planner only when its tenant trusts it. None by default.
     */
    Map<String, String> trustedCommands();

    /**
     * The shortest time between two refreshes of one MCP server on its own change notifications: a
     * server that keeps announcing changes cannot keep the registry busy re-importing it.
     */
    @WithDefault("10s")
    java.time.Duration mcpRefreshInterval();

    /** Registrations' credentials, when a source is read with one (an MCP server that demands a token). */
    Credentials credentials();

    /** Where a source may be read with its credential. */
    Egress egress();

    /** How sources are read: their size, their redirects, the addresses they may be read from, their expansion. */
    Sources sources();

    interface Sources {
        /**
         * Networks (CIDRs) a source may be read from although they are not public: loopback, private,
         * link-local ... ({@code 10.20.0.0/16}). None: public addresses only.
         */
        Optional<java.util.List<String>> allowedPrivateNetworks();

        /** The largest document a source URL may answer, in bytes (an upload is bounded by the HTTP body limit). */
        @WithDefault("33554432")
        long maxDocumentBytes();

        /** How many redirects a source URL may take, each checked like the first. */
        @WithDefault("5")
        int maxRedirects();

        /** How many {@code $ref}s a document's schemas may expand, in all. */
        @WithDefault("200000")
        int maxSchemaReferences();

        /** How many nodes one operation's schemas may expand to (beyond: that operation is refused). */
        @WithDefault("100000")
        int maxSchemaNodesPerOperation();

        /** How many nodes a document's schemas may expand to, in all (beyond: the document is refused). */
        @WithDefault("2000000")
        int maxSchemaNodesPerDocument();
    }

    interface Egress {
        /**
         * Hosts a source may be read on with its credential: exact names, or {@code *.example.com}.
         * None: no source is read with a credential.
         */
        Optional<java.util.List<String>> allowedHosts();

        /** Whether an allowed host may resolve to a non-public address, and get a credential over http (a local stack only). */
        @WithDefault("false")
        boolean allowPrivateAddresses();
    }

    interface Credentials {
        /**
         * Where they are read: {@code file:NAME} is {@code <directory>/<tenant>/NAME}. None: only
         * {@code env:} secrets resolve.
         */
        Optional<Path> directory();
    }
}
