package dev.capplanner.snapshot.rest;

import dev.capplanner.importing.openapi.OpenApiFormatException;
import dev.capplanner.importing.openapi.OpenApiSource;
import dev.capplanner.snapshot.catalog.CatalogEntry;
import dev.capplanner.snapshot.persistence.LiveRegistry;
import dev.capplanner.snapshot.persistence.RegistryRepository;
import dev.capplanner.snapshot.registry.Connection;
import dev.capplanner.snapshot.sources.ConnectionRegistration;
import dev.capplanner.snapshot.sources.ImportedEntries;
import dev.capplanner.snapshot.sources.SourceImport;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.ClientErrorException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.ServerErrorException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Comparator;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Operators register live sources as connections (guarded by {@link AdminGuard}): an OpenAPI
 * document or a streamable HTTP MCP server is imported with the import module, its capabilities
 * replace the connection's previous ones, and the registry revision rises, so the next snapshot and
 * the next authorization decision see the change.
 */
@Path("/admin/connections")
@Produces(MediaType.APPLICATION_JSON)
public class ConnectionAdminResource {

    private static final Logger LOG = Logger.getLogger(ConnectionAdminResource.class);

    private final RegistryRepository repository;
    private final LiveRegistry registry;
    private final SourceImport sources = new SourceImport();

    public ConnectionAdminResource(RegistryRepository repository, LiveRegistry registry) {
        this.repository = repository;
        this.registry = registry;
    }

    @GET
    public Uni<List<Connection>> list() {
        return registry.current().map(state -> state.connections().stream()
                .sorted(Comparator.comparing(Connection::id)).toList());
    }

    /** Imports the source and registers (or replaces) the connection; 201 with what was imported. */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> register(ConnectionRegistration registration) {
        if (registration == null) {
            throw new BadRequestException("body must be a connection registration");
        }
        String problem = registration.problem();
        if (problem != null) {
            throw new BadRequestException(problem);
        }
        return importAndStore(registration).map(summary -> Response.status(Response.Status.CREATED).entity(summary)
                .build());
    }

    /** Imports the connection's source again with the registration it was made with. */
    @POST
    @Path("/{id}/refresh")
    public Uni<ImportSummary> refresh(@PathParam("id") String id) {
        return repository.registrationOf(id).chain(found -> importAndStore(found.orElseThrow(() ->
                new NotFoundException("no connection " + id + " registered from a live source"))));
    }

    @PUT
    @Path("/{id}/enabled")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Connection> setEnabled(@PathParam("id") String id, Switch change) {
        if (change == null || change.enabled() == null) {
            throw new BadRequestException("body must be {\"enabled\": true|false}");
        }
        return repository.setEnabled(id, change.enabled())
                .map(found -> found.orElseThrow(() -> new NotFoundException("no connection " + id)));
    }

    @DELETE
    @Path("/{id}")
    public Uni<Response> delete(@PathParam("id") String id) {
        return repository.delete(id).map(deleted -> {
            if (!deleted) {
                throw new NotFoundException("no connection " + id);
            }
            return Response.noContent().build();
        });
    }

    private Uni<ImportSummary> importAndStore(ConnectionRegistration registration) {
        // The import blocks on the network: it runs on a worker, and the registry write goes back to
        // this request's event-loop context, where Hibernate Reactive must run.
        Context requestContext = Vertx.currentContext();
        return Uni.createFrom().item(() -> sources.read(registration))
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .emitOn(task -> requestContext.runOnContext(ignored -> task.run()))
                .onFailure().transform(ConnectionAdminResource::asHttpError)
                .chain(imported -> {
                    List<CatalogEntry> entries = ImportedEntries.of(imported, registration);
                    return repository.register(registration, entries)
                            .onFailure(IllegalArgumentException.class)
                            .transform(e -> new ClientErrorException(e.getMessage(), Response.Status.CONFLICT))
                            .map(connection -> ImportSummary.of(connection, entries, imported.invalidHints()));
                })
                .invoke(summary -> LOG.infof("connection_registered id=%s kind=%s capabilities=%d reads=%d held=%d"
                                + " invalidHints=%d", summary.connection().id(), summary.connection().kind(),
                        summary.capabilities(), summary.reads(), summary.heldForReview(), summary.invalidHints()));
    }

    private static Throwable asHttpError(Throwable failure) {
        if (failure instanceof OpenApiFormatException) {
            return new ClientErrorException("not a valid OpenAPI document: " + failure.getMessage(), 422);
        }
        if (failure instanceof OpenApiSource.SourceUnavailableException) {
            return new ServerErrorException("source unavailable: " + failure.getMessage(), Response.Status.BAD_GATEWAY);
        }
        return new ServerErrorException("source unavailable: " + failure.getClass().getSimpleName(),
                Response.Status.BAD_GATEWAY);
    }

    public record Switch(Boolean enabled) {
    }

    /** What a registration imported: how many capabilities, how many are reads, how many wait for review. */
    public record ImportSummary(Connection connection, int capabilities, long reads, long heldForReview,
                                int invalidHints) {
        static ImportSummary of(Connection connection, List<CatalogEntry> entries, int invalidHints) {
            long held = entries.stream().filter(e -> e.reviewHold() != null).count();
            long reads = entries.stream().filter(e -> e.reviewHold() == null
                    && ("none".equals(e.sideEffect()) || "read".equals(e.sideEffect()))).count();
            return new ImportSummary(connection, entries.size(), reads, held, invalidHints);
        }
    }
}
