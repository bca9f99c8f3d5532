package dev.capplanner.snapshot.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;
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

    /** Who a turn runs for: the issuers whose principal tokens turns carry (see docs/chat-backend.md). */
    Principals principals();

    interface Principals {
        /**
         * Take a turn without a principal token as the principal it names. Off by default and in every
         * overlay: only for a deployment whose every publisher is trusted and speaks for one tenant.
         */
        @WithDefault("false")
        boolean trustAsserted();

        /** Issuers by a name of the operator's choosing ({@code snapshot.principals.issuers.acme-idp.*}). */
        Map<String, Issuer> issuers();
    }

    interface Issuer {
        /** The {@code iss} its tokens carry, exactly. */
        String issuer();

        /** Its public keys: a PEM or JWKS file, or a JWKS URL (fetched and refreshed by the verifier). */
        String publicKeyLocation();

        /** The audiences a token must name one of ({@code aud}); required. */
        List<String> audience();

        /** The only tenants its tokens may name (deny by default). */
        List<String> tenants();

        /** How far the clocks of the issuer and this service may disagree. */
        @WithDefault("30s")
        Duration clockSkew();

        /** The longest a token may live (from {@code iat} to {@code exp}); unset, any lifetime. */
        Optional<Duration> maxLifetime();

        /** Which claims carry the principal. */
        Claims claims();
    }

    interface Claims {
        /** The tenant's claim (a dotted path for a nested one). */
        @WithDefault("tenant")
        String tenant();

        /** The project's claim; unset, the issuer speaks for every project of its tenants. */
        Optional<String> project();

        /** The user's claim. */
        @WithDefault("sub")
        String user();

        /** The roles' claim: a list, or one string of roles separated by spaces or commas ({@code realm_access.roles}). */
        @WithDefault("groups")
        String roles();
    }
}
