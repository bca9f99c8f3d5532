package dev.capplanner.principals.config;

import dev.capplanner.principals.ClaimNames;
import dev.capplanner.principals.PrincipalAuthentication;
import dev.capplanner.principals.PrincipalIssuer;
import dev.capplanner.principals.jwt.JwtPrincipalTokens;
import dev.capplanner.principals.jwt.JwtServiceCallers;
import dev.capplanner.principals.rest.InternalCallers;
import dev.capplanner.principals.services.RememberedServiceCallers;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The principal verification of every service that injects it, from {@link PrincipalsConfig}, and
 * the callers of its internal API, from {@link ServiceCallersConfig}.
 */
public class PrincipalBeans {

    private static final Logger LOG = Logger.getLogger(PrincipalBeans.class);

    @Produces
    @Singleton
    PrincipalAuthentication principalAuthentication(PrincipalsConfig config) {
        return of(config);
    }

    /** The callers of this service's internal API: those with a public key, each with its scopes. */
    @Produces
    @Singleton
    InternalCallers internalCallers(ServiceCallersConfig config,
                                    @ConfigProperty(name = "quarkus.application.name") String service) {
        return new InternalCallers(new RememberedServiceCallers(new JwtServiceCallers(service,
                config.callers().entrySet().stream()
                        .filter(caller -> caller.getValue().publicKeyLocation().isPresent())
                        .map(caller -> new JwtServiceCallers.CallerSettings(caller.getKey(),
                                caller.getValue().publicKeyLocation().get(),
                                Set.copyOf(caller.getValue().scopes().orElse(List.of()))))
                        .toList()), Clock.systemUTC()));
    }

    /** Also for tools outside a container (benchmarks, tests): the same settings, the same verifier. */
    public static PrincipalAuthentication of(PrincipalsConfig config) {
        List<JwtPrincipalTokens.IssuerSettings> issuers = config.issuers().entrySet().stream()
                .map(named -> settings(named.getKey(), named.getValue())).toList();
        if (issuers.isEmpty() && !config.trustAsserted()) {
            LOG.warn("principal_issuers_missing: no capplanner.principals.issuers configured, every request that"
                    + " needs a principal is refused");
        }
        if (config.trustAsserted()) {
            LOG.warn("principals_asserted: requests without a principal token run as the principal they name"
                    + " (capplanner.principals.trust-asserted=true; for a trusted single-tenant deployment only)");
        }
        return new PrincipalAuthentication(new JwtPrincipalTokens(issuers), config.trustAsserted());
    }

    private static JwtPrincipalTokens.IssuerSettings settings(String name, PrincipalsConfig.Issuer issuer) {
        PrincipalsConfig.Claims claims = issuer.claims();
        return new JwtPrincipalTokens.IssuerSettings(new PrincipalIssuer(name, issuer.issuer(),
                Set.copyOf(issuer.tenants()), new ClaimNames(claims.tenant(), claims.project().orElse(null),
                claims.user(), claims.roles())), issuer.publicKeyLocation(), Set.copyOf(issuer.audience()),
                issuer.clockSkew(), Optional.of(issuer.maxLifetime()));
    }
}
