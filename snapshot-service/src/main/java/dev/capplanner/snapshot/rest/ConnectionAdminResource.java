package dev.capplanner.snapshot.rest;

import dev.capplanner.importing.catalog.CatalogImporter;
import dev.capplanner.importing.openapi.OpenApiFormatException;
import dev.capplanner.importing.openapi.OpenApiSource;
import dev.capplanner.snapshot.approval.Approvals;
import dev.capplanner.importing.rollout.RolloutBlocker;
import dev.capplanner.snapshot.catalog.CatalogEntry;
import dev.capplanner.snapshot.connection.Connection;
import dev.capplanner.snapshot.connection.ConnectionRegistration;
import dev.capplanner.snapshot.persistence.ConnectionRepository;
import dev.capplanner.snapshot.rollout.CatalogRollout;
import dev.capplanner.snapshot.persistence.LiveRegistry;
import dev.capplanner.snapshot.sourceimport.ImportSummary;
import dev.capplanner.snapshot.sourceimport.ImportedEntries;
import dev.capplanner.snapshot.sourceimport.SourceImport;
import dev.capplanner.snapshot.sourceimport.live.ConnectionImports;
import io.smallrye.mutiny.Uni;
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

/**
 * Operators register live sources as connections (guarded by {@link AdminGuard}): an OpenAPI
 * document, a knowledge base or an MCP server (streamable HTTP, or stdio by a configured command) is
 * imported with the import module, its capabilities replace the connection's previous ones, and the
 * registry revision rises, so the next snapshot and the next authorization decision see the change.
 * An MCP server stays watched: its {@code tools/list_changed} notifications refresh the connection.
 */
@Path("/admin/connections")
@Produces(MediaType.APPLICATION_JSON)
public class ConnectionAdminResource {

    private final ConnectionRepository repository;
    private final LiveRegistry registry;
    private final ConnectionImports imports;

    public ConnectionAdminResource(ConnectionRepository repository, LiveRegistry registry, ConnectionImports imports) {
        this.repository = repository;
        this.registry = registry;
        this.imports = imports;
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

    /**
     * The connection's capabilities as the registry holds them now (an approval applied), each with its
     * content hash: the sha256 of its canonical definition, which an approval names.
     */
    @GET
    @Path("/{id}/capabilities")
    public Uni<List<RegisteredCapability>> capabilities(@PathParam("id") String id) {
        return registry.current().map(state -> {
            if (state.connection(id).isEmpty()) {
                throw new NotFoundException("no connection " + id);
            }
            return state.catalog().entries().stream().filter(entry -> entry.connection().equals(id))
                    .sorted(Comparator.comparing(CatalogEntry::name))
                    .map(entry -> new RegisteredCapability(entry.name(), Approvals.definitionHash(entry), entry))
                    .toList();
        });
    }

    /**
     * The connection's rollout report: for each capability, what keeps it from multi-step plans (held
     * for review, no output schema, no collection path, an identifier input no capability feeds), what
     * that blocks and how to fix it.
     */
    @GET
    @Path("/{id}/rollout")
    public Uni<Rollout> rollout(@PathParam("id") String id) {
        return registry.current().map(state -> {
            if (state.connection(id).isEmpty()) {
                throw new NotFoundException("no connection " + id);
            }
            List<CatalogEntry> entries = state.catalog().entries().stream()
                    .filter(entry -> entry.connection().equals(id)).sorted(Comparator.comparing(CatalogEntry::name))
                    .toList();
            return new Rollout(id, entries.size(), CatalogRollout.of(entries));
        });
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
            imports.forget(id);
            return Response.noContent().build();
        });
    }

    private Uni<ImportSummary> importAndStore(ConnectionRegistration registration) {
        imports.problem(registration).ifPresent(problem -> {
            throw new BadRequestException(problem);
        });
        return imports.importAndStore(registration)
                .onFailure().transform(ConnectionAdminResource::asHttpError);
    }

    private static Throwable asHttpError(Throwable failure) {
        if (failure instanceof ConnectionRepository.ConnectionOwnedElsewhereException) {
            return new ClientErrorException(failure.getMessage(), Response.Status.CONFLICT);
        }
        if (failure instanceof ImportedEntries.UndeclaredHiddenArgumentException) {
            return new ClientErrorException(failure.getMessage(), 422);
        }
        if (!(failure instanceof SourceImport.UnreadableSourceException)) {
            return failure;
        }
        Throwable cause = failure.getCause();
        if (cause instanceof OpenApiFormatException) {
            return new ClientErrorException("not a valid OpenAPI document: " + cause.getMessage(), 422);
        }
        if (cause instanceof CatalogImporter.CatalogFormatException) {
            return new ClientErrorException("not a valid catalog: " + cause.getMessage(), 422);
        }
        if (cause instanceof OpenApiSource.SourceRefusedException) {
            return new ClientErrorException("source refused: " + cause.getMessage(), Response.Status.BAD_REQUEST);
        }
        if (cause instanceof OpenApiSource.SourceUnavailableException) {
            return new ServerErrorException("source unavailable: " + cause.getMessage(), Response.Status.BAD_GATEWAY);
        }
        return new ServerErrorException("source unavailable: " + cause.getClass().getSimpleName(),
                Response.Status.BAD_GATEWAY);
    }

    public record Switch(Boolean enabled) {
    }

    /** A registered capability: its qualified name, its content hash and its whole definition. */
    public record RegisteredCapability(String name, String contentHash, CatalogEntry definition) {
    }

    /** A connection's rollout report: its capabilities and what blocks each. */
    public record Rollout(String connection, int capabilities, List<RolloutBlocker> blockers) {
    }
}
