package dev.capplanner.router.config;

import dev.capplanner.contracts.trust.FactSeals;
import dev.capplanner.contracts.trust.SnapshotSeals;
import dev.capplanner.contracts.trust.VerifiedSnapshots;
import dev.capplanner.eventbus.snapshots.SnapshotServiceApi;
import dev.capplanner.eventbus.snapshots.SnapshotServiceBodies;
import dev.capplanner.eventbus.snapshots.SnapshotServiceConnections;
import dev.capplanner.eventbus.trust.SealKeys;
import dev.capplanner.eventbus.trust.ServiceCredentials;
import dev.capplanner.router.client.AudienceSnapshots;
import dev.capplanner.router.discovery.ChannelPolicies;
import dev.capplanner.router.discovery.ChannelPolicy;
import dev.capplanner.router.llm.LangChainRouterModel;
import dev.capplanner.router.llm.RoutingAssistant;
import dev.capplanner.router.routing.CapabilityRouter;
import dev.capplanner.router.routing.DeterministicRouter;
import dev.capplanner.router.routing.llm.LlmRouter;
import dev.capplanner.router.semantic.CapabilityEmbeddings;
import dev.capplanner.router.semantic.MiniLmEmbedder;
import dev.capplanner.router.strategy.SnapshotRankers;
import dev.capplanner.router.telemetry.MeteredRouteFallbacks;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.util.TreeSet;
import org.jboss.logging.Logger;

public class RouterBeans {

    private static final Logger LOG = Logger.getLogger(RouterBeans.class);

    @Produces
    @Singleton
    CapabilityRouter router(RouterConfig config, Instance<RoutingAssistant> assistant, MeterRegistry meters) {
        DeterministicRouter deterministic = new DeterministicRouter(config.maxCandidates());
        if (!config.llm().enabled()) {
            return deterministic;
        }
        return new LlmRouter(new LangChainRouterModel(assistant.get()), deterministic, config.maxCandidates(),
                new MeteredRouteFallbacks(meters));
    }

    /** Snapshot bodies fetched by hash from the snapshot service, verified before anything ranks them. */
    @Produces
    @Singleton
    ChannelPolicies channelPolicies(RouterConfig config) {
        java.util.Map<String, java.util.Map<String, ChannelPolicy>> configured = new java.util.HashMap<>();
        config.discovery().tenants().forEach((tenant, channels) -> {
            java.util.Map<String, ChannelPolicy> policies = new java.util.HashMap<>();
            channels.channels().forEach((channel, lists) -> policies.put(channel, new ChannelPolicy(
                    lists.allowlist().map(java.util.Set::copyOf), lists.denylist().map(java.util.Set::copyOf)
                    .orElse(java.util.Set.of()))));
            configured.put(tenant, policies);
        });
        return ChannelPolicies.of(configured);
    }

    @Produces
    @Singleton
    SnapshotServiceApi snapshotService(RouterConfig config, ServiceCredentials credentials) {
        return SnapshotServiceConnections.connect(config.snapshotService().url(), config.snapshotService().timeout(),
                credentials);
    }

    @Produces
    @Singleton
    VerifiedSnapshots verifiedSnapshots(SnapshotSeals seals, RouterConfig config, SnapshotServiceApi snapshotService) {
        return new VerifiedSnapshots(seals, new SnapshotServiceBodies(snapshotService),
                config.snapshotService().cacheCapacity());
    }

    @Produces
    @Singleton
    AudienceSnapshots audienceSnapshots(SnapshotServiceApi snapshotService) {
        return new AudienceSnapshots(snapshotService);
    }

    /** A mistyped strategy stops the start instead of silently ranking another way. */
    @Produces
    @Singleton
    SnapshotRankers snapshotRankers(RouterConfig config) {
        return new SnapshotRankers(config.strategy(),
                () -> new CapabilityEmbeddings(new MiniLmEmbedder()), config.indexCacheSize());
    }

    /** Loads the seal keys at start-up, so a missing key fails the start rather than the first turn. */
    void loadSealKeys(@Observes StartupEvent started, SnapshotSeals seals, @Named(SealKeys.ROUTES) FactSeals routeSeals) {
        if (!routeSeals.keys().canSeal()) {
            throw new IllegalStateException("capplanner.route-seal.active-key is not set: the router seals every route"
                    + " (the planner plans no other)");
        }
        LOG.infof("snapshot seals verified with keys %s", new TreeSet<>(seals.keyIds()));
    }
}
