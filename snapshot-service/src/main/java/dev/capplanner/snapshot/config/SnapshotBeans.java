package dev.capplanner.snapshot.config;

import dev.capplanner.contracts.credentials.TenantSecrets;
import dev.capplanner.contracts.egress.EgressPolicy;
import dev.capplanner.contracts.egress.SourceAddresses;
import dev.capplanner.importing.openapi.ExpansionLimits;
import dev.capplanner.importing.openapi.FetchRules;
import dev.capplanner.contracts.trust.SnapshotSeals;
import dev.capplanner.snapshot.authorization.TrustedCommands;
import dev.capplanner.snapshot.authorization.AccessPolicy;
import dev.capplanner.snapshot.building.SnapshotBuilder;
import dev.capplanner.snapshot.building.SnapshotCache;
import dev.capplanner.snapshot.persistence.ConnectionRepository;
import dev.capplanner.snapshot.registry.RegistryDocument;
import dev.capplanner.snapshot.rest.OperatorTokens;
import dev.capplanner.snapshot.sourceimport.SourceImport;
import dev.capplanner.snapshot.sourceimport.live.RefreshPacing;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.vertx.VertxContextSupport;
import jakarta.annotation.Priority;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
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
    SourceImport sourceImport(SnapshotConfig config) {
        SnapshotConfig.Sources sources = config.sources();
        SourceAddresses addresses = new SourceAddresses(SourceAddresses.networks(
                sources.allowedPrivateNetworks().orElse(java.util.List.of())), java.net.InetAddress::getAllByName);
        return new SourceImport(config.stdioCommands(), new TenantSecrets(config.credentials().directory(), System::getenv),
                new EgressPolicy(config.egress().allowedHosts().orElse(java.util.List.of()),
                        config.egress().allowPrivateAddresses(), java.net.InetAddress::getAllByName),
                new FetchRules(sources.maxDocumentBytes(), sources.maxRedirects(), addresses::refusal),
                new ExpansionLimits(sources.maxSchemaReferences(), sources.maxSchemaNodesPerOperation(),
                        sources.maxSchemaNodesPerDocument()));
    }

    @Produces
    @Singleton
    TrustedCommands trustedCommands(SnapshotConfig config) {
        TrustedCommands trusted = TrustedCommands.of(config.trustedCommands());
        // A misspelt tenant trusts nothing, silently: what was read is said once.
        LOG.infof("trusted_commands %s", trusted.describe().isEmpty() ? "none" : trusted.describe());
        return trusted;
    }

    @Produces
    @Singleton
    RefreshPacing refreshPacing(SnapshotConfig config) {
        return new RefreshPacing(config.mcpRefreshInterval());
    }

    /** Before the start-up warm-up (priority 900) and the consumers (1000): both meet the seeded registry. */
    void onStart(@Observes @Priority(800) StartupEvent started, SnapshotConfig config, SnapshotSeals seals,
                 ConnectionRepository registry) throws Throwable {
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
