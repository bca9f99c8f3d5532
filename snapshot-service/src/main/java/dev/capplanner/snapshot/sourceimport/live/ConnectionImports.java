package dev.capplanner.snapshot.sourceimport.live;

import dev.capplanner.importing.mcp.McpServerConnection;
import dev.capplanner.importing.model.ImportResult;
import dev.capplanner.snapshot.approval.RefreshReview;
import dev.capplanner.snapshot.catalog.CatalogEntry;
import dev.capplanner.snapshot.connection.ConnectionRegistration;
import dev.capplanner.snapshot.persistence.ConnectionRepository;
import dev.capplanner.snapshot.sourceimport.ImportSummary;
import dev.capplanner.snapshot.sourceimport.ImportedEntries;
import dev.capplanner.snapshot.sourceimport.SourceImport;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.vertx.VertxContextSupport;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jboss.logging.Logger;

/**
 * Imports registered sources into the registry, and keeps every MCP connection's session open so
 * that {@code notifications/tools/list_changed} refreshes the connection's capabilities: the tools
 * are listed again through the same session (a stdio server keeps its one process) and stored as a
 * refresh is, with a new registry revision, so the next snapshot sees the change; what the server
 * added or changed on its own is held for an operator's review unless the operator trusts the
 * server ({@link RefreshReview}). Changes that
 * arrive while a refresh waits or runs are folded into one more refresh, and a server is refreshed at
 * most once per {@code snapshot.mcp-refresh-interval} ({@link RefreshPacing}). At start-up every MCP connection is
 * reopened and re-imported in the background (its tools may have changed while the service was
 * down); a server that does not answer is logged and keeps its last imported capabilities.
 */
@ApplicationScoped
public class ConnectionImports {

    private static final Logger LOG = Logger.getLogger(ConnectionImports.class);

    private final ConnectionRepository repository;
    private final SourceImport sources;
    private final RefreshPacing pacing;
    private final Clock clock = Clock.systemUTC();
    private final Map<String, WatchedServer> watched = new ConcurrentHashMap<>();
    /** When each watched server's last refresh began; an entry leaves with its server. */
    private final Map<String, Instant> lastRefreshes = new ConcurrentHashMap<>();
    private final ScheduledExecutorService refreshes = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "mcp-tools-changed");
        thread.setDaemon(true);
        return thread;
    });

    public ConnectionImports(ConnectionRepository repository, SourceImport sources, RefreshPacing pacing) {
        this.repository = repository;
        this.sources = sources;
        this.pacing = pacing;
    }

    /** What keeps the registration from being imported here, if anything (see {@link SourceImport#problem}). */
    public Optional<String> problem(ConnectionRegistration registration) {
        return sources.problem(registration);
    }

    /**
     * Imports the source and registers (or replaces) the connection; an MCP server's session stays
     * open afterwards, watched for changes. Call it on an event-loop context: the import runs on a
     * worker and the registry write comes back to the caller's context, where Hibernate Reactive runs.
     */
    public Uni<ImportSummary> importAndStore(ConnectionRegistration registration) {
        Context callerContext = Vertx.currentContext();
        if (!registration.kind().equals("mcp")) {
            return Uni.createFrom().item(() -> sources.read(registration))
                    .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                    .onFailure().transform(SourceImport.UnreadableSourceException::new)
                    .emitOn(task -> callerContext.runOnContext(ignored -> task.run()))
                    .chain(imported -> store(registration, imported, RefreshReview.Trigger.OPERATOR));
        }
        return Uni.createFrom().item(() -> open(registration))
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .onFailure().transform(SourceImport.UnreadableSourceException::new)
                .emitOn(task -> callerContext.runOnContext(ignored -> task.run()))
                .chain(server -> store(registration, server.imported(), RefreshReview.Trigger.OPERATOR)
                        .invoke(stored -> keep(server))
                        .onFailure().invoke(failure -> server.connection().close()));
    }

    /** Stops watching a deleted connection's MCP server (a stdio server's process ends). */
    public void forget(String connectionId) {
        WatchedServer server = watched.remove(connectionId);
        lastRefreshes.remove(connectionId);
        if (server != null) {
            server.connection().close();
        }
    }

    void reopenAtStart(@Observes StartupEvent started) {
        refreshes.execute(() -> {
            List<ConnectionRegistration> registrations;
            try {
                registrations = VertxContextSupport.subscribeAndAwait(repository::liveRegistrations);
            } catch (Throwable failure) {
                LOG.warnf("mcp_watch_start_failed reason=%s", failure.getClass().getSimpleName());
                return;
            }
            registrations.stream().filter(r -> r.kind().equals("mcp")).forEach(this::refreshFromSource);
        });
    }

    void closeAll(@Observes ShutdownEvent stopping) {
        refreshes.shutdownNow();
        watched.keySet().forEach(this::forget);
    }

    /**
     * Stores what the source gave, after the registration's own checks on it (a hidden argument must
     * name a parameter the source declares); the source's claims to run context are stripped and reported.
     */
    private Uni<ImportSummary> store(ConnectionRegistration registration, ImportResult imported,
                                     RefreshReview.Trigger trigger) {
        List<CatalogEntry> entries;
        try {
            ImportedEntries.checkHiddenArguments(imported, registration);
            entries = ImportedEntries.of(imported, registration);
        } catch (ImportedEntries.UndeclaredHiddenArgumentException e) {
            return Uni.createFrom().failure(e);
        }
        return repository.register(registration, entries, trigger)
                .map(registered -> ImportSummary.of(registered.connection(), registered.capabilities(), imported,
                        ImportedEntries.sourceBindings(imported)))
                .invoke(summary -> LOG.infof("connection_registered id=%s kind=%s capabilities=%d reads=%d held=%d"
                                + " invalidHints=%d refused=%d strippedBindings=%d", summary.connection().id(),
                        summary.connection().kind(), summary.capabilities(), summary.reads(), summary.heldForReview(),
                        summary.invalidHints(), summary.refusedCount(), summary.strippedBindingCount()));
    }

    /** A change the server made on its own: reviewed unless the operator trusts the server. */
    private static RefreshReview.Trigger serverTrigger(ConnectionRegistration registration) {
        return registration.trustsServerChanges() ? RefreshReview.Trigger.OPERATOR
                : RefreshReview.Trigger.UNTRUSTED_SERVER;
    }

    private WatchedServer open(ConnectionRegistration registration) {
        AtomicBoolean pending = new AtomicBoolean();
        McpServerConnection connection = sources.connect(registration, () -> toolsChanged(registration.id(), pending));
        try {
            return new WatchedServer(registration, connection, sources.importTools(registration, connection), pending);
        } catch (RuntimeException failure) {
            connection.close();
            throw failure;
        }
    }

    private void keep(WatchedServer server) {
        WatchedServer previous = watched.put(server.registration().id(), server);
        if (previous != null && previous != server) {
            previous.connection().close();
        }
    }

    /** Called on the client's thread: only schedules; a burst of notifications becomes one refresh. */
    private void toolsChanged(String connectionId, AtomicBoolean pending) {
        if (pending.compareAndSet(false, true)) {
            Duration wait = pacing.delay(Optional.ofNullable(lastRefreshes.get(connectionId)), clock.instant());
            refreshes.schedule(() -> {
                pending.set(false);
                WatchedServer server = watched.get(connectionId);
                if (server != null && server.pending() == pending) {
                    lastRefreshes.put(connectionId, clock.instant());
                    refreshFrom(server);
                }
            }, wait.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private void refreshFrom(WatchedServer server) {
        String id = server.registration().id();
        try {
            ImportResult imported = sources.importTools(server.registration(), server.connection());
            ImportSummary summary = VertxContextSupport.subscribeAndAwait(() -> store(server.registration(), imported,
                    serverTrigger(server.registration())));
            LOG.infof("connection_tools_changed id=%s capabilities=%d", id, summary.capabilities());
        } catch (Throwable failure) {
            LOG.warnf("connection_tools_changed_refresh_failed id=%s reason=%s", id, failure.getClass().getSimpleName());
        }
    }

    private void refreshFromSource(ConnectionRegistration registration) {
        WatchedServer server;
        try {
            server = open(registration);
        } catch (RuntimeException failure) {
            LOG.warnf("mcp_watch_unavailable id=%s reason=%s", registration.id(), failure.getClass().getSimpleName());
            return;
        }
        try {
            VertxContextSupport.subscribeAndAwait(() -> store(registration, server.imported(),
                    serverTrigger(registration)));
            keep(server);
        } catch (Throwable failure) {
            server.connection().close();
            LOG.warnf("mcp_watch_store_failed id=%s reason=%s", registration.id(), failure.getClass().getSimpleName());
        }
    }

    private record WatchedServer(ConnectionRegistration registration, McpServerConnection connection,
                                 ImportResult imported, AtomicBoolean pending) {
    }
}
