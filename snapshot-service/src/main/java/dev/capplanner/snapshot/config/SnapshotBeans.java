package dev.capplanner.snapshot.config;

import dev.capplanner.contracts.trust.SnapshotSeals;
import dev.capplanner.snapshot.admin.OperatorTokens;
import dev.capplanner.snapshot.authorization.AccessPolicy;
import dev.capplanner.snapshot.building.SnapshotBuilder;
import dev.capplanner.snapshot.building.SnapshotCache;
import dev.capplanner.snapshot.identity.ClaimNames;
import dev.capplanner.snapshot.identity.TurnAuthentication;
import dev.capplanner.snapshot.identity.TurnIssuer;
import dev.capplanner.snapshot.persistence.RegistryRepository;
import dev.capplanner.snapshot.registry.RegistryDocument;
import dev.capplanner.snapshot.security.JwtTurnTokens;
import dev.capplanner.snapshot.sources.SourceImport;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.vertx.VertxContextSupport;
import jakarta.annotation.Priority;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Set;
import org.jboss.logging.Logger;

/** Wires the framework-free core, and at start-up checks the seal key and seeds an empty registry. */
public class SnapshotBeans {

    private static final Logger LOG = Logger.getLogger(SnapshotBeans.class);

    @Produces
    @Singleton
    AccessPolicy accessPolicy() {
        return new AccessPolicy();
    }

    @Produces
    @Singleton
    SnapshotCache snapshotCache(AccessPolicy policy, SnapshotConfig config) {
        return new SnapshotCache(new SnapshotBuilder(policy), config.cacheCapacity());
    }

    @Produces
    @Singleton
    OperatorTokens operatorTokens(SnapshotConfig config) {
        return OperatorTokens.of(config.adminToken(), config.operators());
    }

    @Produces
    @Singleton
    TurnAuthentication turnAuthentication(SnapshotConfig config) {
        SnapshotConfig.Principals principals = config.principals();
        List<JwtTurnTokens.IssuerSettings> issuers = principals.issuers().entrySet().stream()
                .map(named -> issuerSettings(named.getKey(), named.getValue())).toList();
        if (issuers.isEmpty() && !principals.trustAsserted()) {
            LOG.warn("principal_issuers_missing: no snapshot.principals.issuers configured, every turn is refused");
        }
        if (principals.trustAsserted()) {
            LOG.warn("principals_asserted: turns without a principal token run as the principal they name"
                    + " (snapshot.principals.trust-asserted=true; for a trusted single-tenant deployment only)");
        }
        return new TurnAuthentication(new JwtTurnTokens(issuers), principals.trustAsserted());
    }

    private static JwtTurnTokens.IssuerSettings issuerSettings(String name, SnapshotConfig.Issuer issuer) {
        SnapshotConfig.Claims claims = issuer.claims();
        return new JwtTurnTokens.IssuerSettings(new TurnIssuer(name, issuer.issuer(), Set.copyOf(issuer.tenants()),
                new ClaimNames(claims.tenant(), claims.project().orElse(null), claims.user(), claims.roles())),
                issuer.publicKeyLocation(), Set.copyOf(issuer.audience()), issuer.clockSkew(), issuer.maxLifetime());
    }

    @Produces
    @Singleton
    SourceImport sourceImport(SnapshotConfig config) {
        return new SourceImport(config.stdioCommands());
    }

    /** Before the start-up warm-up (priority 900) and the consumers (1000): both meet the seeded registry. */
    void onStart(@Observes @Priority(800) StartupEvent started, SnapshotConfig config, SnapshotSeals seals,
                 RegistryRepository registry) throws Throwable {
        if (!seals.canSeal()) {
            throw new IllegalStateException("capplanner.seal.active-key is not set: the snapshot service seals every snapshot");
        }
        if (config.seedRegistry().isPresent()) {
            RegistryDocument document = RegistryDocument.load(config.seedRegistry().get());
            boolean seeded = VertxContextSupport.subscribeAndAwait(() -> registry.seedIfEmpty(document));
            LOG.infof("registry_seed source=%s applied=%s connections=%d capabilities=%d", config.seedRegistry().get(),
                    seeded, document.connections().size(), document.capabilities().size());
        }
    }
}
