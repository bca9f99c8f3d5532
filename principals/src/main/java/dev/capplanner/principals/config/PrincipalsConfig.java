package dev.capplanner.principals.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Who may assert principals (docs/chat-backend.md, "Principal token"), one set for every service
 * that verifies them (snapshot service: turns; router: discovery offer; executor: artifacts), so one
 * ConfigMap serves all three.
 */
@ConfigMapping(prefix = "capplanner.principals")
public interface PrincipalsConfig {

    /**
     * Take a request without a principal token as the principal it names. Off by default and in
     * every overlay: only for a deployment whose every sender is trusted and speaks for one tenant.
     */
    @WithDefault("false")
    boolean trustAsserted();

    /** Issuers by a name of the operator's choosing ({@code capplanner.principals.issuers.acme.*}). */
    Map<String, Issuer> issuers();

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

        /**
         * The longest a token may live (from {@code iat} to {@code exp}): a token read off a topic can be
         * replayed until it expires, so keep tokens short.
         */
        @WithDefault("1h")
        Duration maxLifetime();

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
