package dev.capplanner.executor.config;

import dev.capplanner.contracts.credentials.TenantSecrets;
import dev.capplanner.contracts.egress.EgressPolicy;
import dev.capplanner.contracts.trust.FactSeals;
import dev.capplanner.contracts.trust.PlanSeals;
import dev.capplanner.contracts.trust.SnapshotSeals;
import dev.capplanner.contracts.trust.VerifiedSnapshots;
import dev.capplanner.eventbus.snapshots.SnapshotServiceApi;
import dev.capplanner.eventbus.snapshots.SnapshotServiceBodies;
import dev.capplanner.eventbus.snapshots.SnapshotServiceConnections;
import dev.capplanner.eventbus.trust.SealKeys;
import dev.capplanner.eventbus.trust.ServiceCredentials;
import dev.capplanner.executor.authorization.LastMileAuthorizer;
import dev.capplanner.executor.client.HttpToolInvoker;
import dev.capplanner.executor.client.McpToolInvoker;
import dev.capplanner.executor.client.OidcClientTokens;
import dev.capplanner.executor.client.RegistryTargets;
import dev.capplanner.executor.client.ResilientInvoker;
import dev.capplanner.executor.client.SnapshotServiceClient;
import dev.capplanner.executor.evidence.EvidenceBudget;
import dev.capplanner.executor.evidence.EvidenceSummarizer;
import dev.capplanner.executor.execution.ExecutionPolicy;
import dev.capplanner.executor.execution.FanOutGate;
import dev.capplanner.executor.execution.PlanExecutor;
import dev.capplanner.executor.invocation.FencedInvoker;
import dev.capplanner.executor.invocation.OwnerLease;
import dev.capplanner.executor.invocation.TargetInvoker;
import dev.capplanner.executor.persistence.PostgresArtifactStore;
import dev.capplanner.executor.persistence.PostgresCallLedger;
import dev.capplanner.executor.persistence.PostgresOwnerLeases;
import dev.capplanner.executor.schema.JsonSchemaArgumentCheck;
import dev.capplanner.executor.targets.CallTarget;
import dev.capplanner.executor.targets.CallTargets;
import dev.capplanner.executor.targets.RegistryRevisionWatch;
import dev.capplanner.executor.targets.TargetDirectory;
import dev.capplanner.executor.telemetry.TargetTelemetry;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.oidc.client.OidcClients;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.annotation.Priority;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.net.InetAddress;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jboss.logging.Logger;

public class ExecutorBeans {

    private static final Logger LOG = Logger.getLogger(ExecutorBeans.class);

    @Produces
    @Singleton
    SnapshotServiceClient snapshotServiceClient(ExecutorConfig config, SnapshotServiceApi snapshotService,
                                                RegistryRevisionWatch revisions) {
        return new SnapshotServiceClient(snapshotService, config.snapshotService().authorizationPatience(), revisions);
    }

    @Produces
    @Singleton
    RegistryRevisionWatch registryRevisionWatch() {
        return new RegistryRevisionWatch();
    }

    @Produces
    @Singleton
    TargetDirectory targetDirectory(ExecutorConfig config, SnapshotServiceApi snapshotService,
                                    RegistryRevisionWatch revisions) {
        return new CallTargets(configuredTargets(config), config.registryTargets().enabled()
                ? Optional.of(new RegistryTargets(snapshotService)) : Optional.empty(),
                new EgressPolicy(config.egress().allowedHosts().orElse(List.of()), config.egress().allowPrivateAddresses(),
                        InetAddress::getAllByName),
                revisions, config.callTimeout(), Infrastructure.getDefaultWorkerPool());
    }

    @Produces
    @Singleton
    SnapshotServiceApi snapshotService(ExecutorConfig config, ServiceCredentials credentials) {
        return SnapshotServiceConnections.connect(config.snapshotService().url(), config.snapshotService().timeout(),
                credentials);
    }

    @Produces
    @Singleton
    VerifiedSnapshots verifiedSnapshots(SnapshotSeals seals, ExecutorConfig config, SnapshotServiceApi snapshotService) {
        return new VerifiedSnapshots(seals, new SnapshotServiceBodies(snapshotService),
                config.snapshotService().cacheCapacity());
    }

    @Produces
    @Singleton
    OwnerLease ownerLease(ExecutorConfig config) {
        return OwnerLease.forNewProcess(config.ledger().ownerLease(), longestCallTimeout(config));
    }

    @Produces
    @Singleton
    PostgresOwnerLeases ownerLeases(Pool pool, OwnerLease lease) {
        return new PostgresOwnerLeases(pool, lease);
    }

    @Produces
    @Singleton
    PostgresCallLedger callLedger(Pool pool, ExecutorConfig config, OwnerLease lease, MeterRegistry meters) {
        return new PostgresCallLedger(pool, config.ledger().claimTimeout(), lease, TargetTelemetry.takeovers(meters));
    }

    @Produces
    @Singleton
    PostgresArtifactStore artifactStore(Pool pool, ExecutorConfig config) {
        return new PostgresArtifactStore(pool, config.evidence().artifactRetention());
    }

    @Produces
    @Singleton
    PlanExecutor planExecutor(ExecutorConfig config, SnapshotServiceClient snapshotService, PostgresCallLedger ledger,
                              PostgresArtifactStore artifacts, OwnerLease lease, PostgresOwnerLeases leases,
                              TargetDirectory targets, OidcClients oidcClients, MeterRegistry meters) {
        TenantSecrets secrets = new TenantSecrets(config.credentials().directory(), System::getenv);
        FencedInvoker sends = new FencedInvoker(new TargetInvoker(new HttpToolInvoker(targets, secrets,
                        new OidcClientTokens(oidcClients, config.callTimeout()), config.maxResponseBytes()),
                new McpToolInvoker(targets, secrets, config.maxResponseBytes())), lease,
                () -> leases.renew().subscribeAsCompletionStage());
        ResilientInvoker invoker = new ResilientInvoker(sends, config.targets().keySet(), config.registryTargets().enabled(),
                new ResilientInvoker.Policy(config.retry().maxRetries(),
                config.retry().delay(), config.retry().maxDuration(), config.circuitBreaker().requestVolume(),
                config.circuitBreaker().failureRatio(), config.circuitBreaker().openFor()));
        TargetTelemetry.watchCircuits(invoker, config.targets().keySet(), meters);
        // A redelivery waits for a call another delivery is making a little longer than the ledger
        // takes to consider that delivery gone.
        ExecutionPolicy policy = ExecutionPolicy.PLAIN
                .withLedger(ledger, config.ledger().claimTimeout().plusSeconds(5))
                .withFanOut(new FanOutGate(config.fanOut().maxTargets(), config.fanOut().requireIntent()))
                .withArtifacts(artifacts)
                .withOutputSchemas(new JsonSchemaArgumentCheck());
        return new PlanExecutor(new LastMileAuthorizer(invoker, snapshotService, new JsonSchemaArgumentCheck()),
                invoker, new EvidenceSummarizer(new EvidenceBudget(config.evidence().maxInlineRows(),
                        config.evidence().maxInlineBytes())), policy);
    }

    /**
     * This process's lease is renewed from start-up on, before any plan is consumed: a call is sent only
     * while it is fresh ({@link FencedInvoker}).
     */
    void renewOwnerLease(@Observes @Priority(700) StartupEvent started, io.vertx.core.Vertx vertx,
                         PostgresOwnerLeases leases, OwnerLease lease) {
        LOG.infof("executor_lease owner=%s length=%s", lease.owner(), lease.length());
        leases.renewUnlessRenewing();
        vertx.setPeriodic(lease.renewEvery().toMillis(), id -> leases.renewUnlessRenewing());
    }

    /**
     * Calls, artifacts and the leases of processes gone longer than the calls' retention are forgotten
     * at start-up and every hour after.
     */
    void forgetOldCalls(@Observes StartupEvent started, io.vertx.core.Vertx vertx, PostgresCallLedger ledger,
                        PostgresArtifactStore artifacts, PostgresOwnerLeases leases, ExecutorConfig config) {
        Runnable forget = () -> ledger.forgetOlderThan(config.ledger().retention())
                .chain(calls -> artifacts.forgetOlderThan(config.evidence().artifactRetention())
                        .map(kept -> calls + kept))
                .chain(forgotten -> leases.forgetOlderThan(config.ledger().retention()).map(owners -> forgotten + owners))
                .subscribe().with(
                        forgotten -> LOG.infof("executor_store_pruned forgotten=%d", forgotten),
                        failure -> LOG.warnf("executor_store_prune_failed reason=%s", failure.getClass().getSimpleName()));
        forget.run();
        vertx.setPeriodic(java.time.Duration.ofHours(1).toMillis(), id -> forget.run());
    }

    private static java.time.Duration longestCallTimeout(ExecutorConfig config) {
        return config.targets().values().stream().map(target -> target.timeout().orElse(config.callTimeout()))
                .max(java.time.Duration::compareTo).orElse(config.callTimeout());
    }

    private static Map<String, CallTarget> configuredTargets(ExecutorConfig config) {
        Map<String, CallTarget> targets = new TreeMap<>();
        config.targets().forEach((name, target) -> targets.put(name, callTarget(name, target, config)));
        return targets;
    }

    private static CallTarget callTarget(String name, ExecutorConfig.Target target, ExecutorConfig config) {
        if (target.url().isPresent() == target.command().isPresent()) {
            throw new IllegalStateException("executor.targets." + name + " needs a url or a command, not both");
        }
        java.time.Duration timeout = target.timeout().orElse(config.callTimeout());
        return target.url().map(url -> new CallTarget(url, timeout))
                .orElseGet(() -> CallTarget.stdio(List.of(target.command().get().strip().split("\\s+")), timeout));
    }

    /** Loads the seal keys at start-up, so a missing key fails the start rather than the first plan. */
    void loadSealKeys(@Observes StartupEvent started, SnapshotSeals seals, PlanSeals planSeals,
                      @Named(SealKeys.OBSERVATIONS) FactSeals observationSeals) {
        if (!observationSeals.keys().canSeal()) {
            throw new IllegalStateException("capplanner.observation-seal.active-key is not set: the executor seals"
                    + " every observation (the report service counts no other calls)");
        }
        LOG.infof("snapshot seals verified with keys %s, plan seals with keys %s", new TreeSet<>(seals.keyIds()),
                new TreeSet<>(planSeals.keys().keyIds()));
    }
}
