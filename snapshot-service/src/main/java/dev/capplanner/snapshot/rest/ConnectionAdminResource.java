package dev.capplanner.snapshot.rest;

import dev.capplanner.importing.catalog.CatalogImporter;
import dev.capplanner.importing.openapi.OpenApiFormatException;
import dev.capplanner.importing.openapi.OpenApiSource;
import dev.capplanner.snapshot.approval.Approvals;
import dev.capplanner.importing.rollout.RolloutBlocker;
import dev.capplanner.snapshot.catalog.CatalogEntry;
import dev.capplanner.snapshot.catalog.OperatorAliases;
import dev.capplanner.snapshot.connection.Connection;
import dev.capplanner.snapshot.connection.ConnectionMode;
import dev.capplanner.snapshot.connection.ConnectionRegistration;
import dev.capplanner.snapshot.persistence.CapabilityAliasesRepository;
import dev.capplanner.snapshot.persistence.ConnectionModeRepository;
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
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.ServerErrorException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.jboss.logging.Logger;

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

    private static final Logger LOG = Logger.getLogger(ConnectionAdminResource.class);
    private static final int MAX_REASON = 1000;

    private final ConnectionRepository repository;
    private final ConnectionModeRepository modes;
    private final CapabilityAliasesRepository aliases;
    private final LiveRegistry registry;
    private final ConnectionImports imports;
    private final AdminOperator operator;

    public ConnectionAdminResource(ConnectionRepository repository, ConnectionModeRepository modes,
                                   CapabilityAliasesRepository aliases, LiveRegistry registry,
                                   ConnectionImports imports, AdminOperator operator) {
        this.repository = repository;
        this.modes = modes;
        this.aliases = aliases;
        this.registry = registry;
        this.imports = imports;
        this.operator = operator;
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
                    .map(entry -> new RegisteredCapability(entry.name(), Approvals.definitionHash(entry), entry,
                            OperatorAliases.suggested(entry)))
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

    /** Off ({@code false}) or on again, back to the shadow or live it was in; audited as a mode switch. */
    @PUT
    @Path("/{id}/enabled")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Connection> setEnabled(@PathParam("id") String id, Switch change) {
        if (change == null || change.enabled() == null) {
            throw new BadRequestException("body must be {\"enabled\": true|false}");
        }
        String who = AdminTexts.authenticated(operator, null);
        String why = change.reason() == null ? "enabled set to " + change.enabled()
                : AdminTexts.required("reason", change.reason(), MAX_REASON);
        return modes.switchMode(id, connection -> connection.withEnabled(change.enabled()), who, why)
                .map(found -> found.orElseThrow(() -> new NotFoundException("no connection " + id)).connection());
    }

    /** The connection's runtime mode: off, shadow or live. */
    @GET
    @Path("/{id}/mode")
    public Uni<Mode> mode(@PathParam("id") String id) {
        return registry.current().map(state -> state.connection(id)
                .map(connection -> new Mode(id, connection.mode().wireName(), false))
                .orElseThrow(() -> new NotFoundException("no connection " + id)));
    }

    /**
     * Switches the connection's runtime mode from its next snapshot on (a turn already running keeps
     * the snapshot it started with; the executor's call-time check reads the registry now), with the
     * reason, audited; independent of the planner mode.
     */
    @PUT
    @Path("/{id}/mode")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Mode> switchMode(@PathParam("id") String id, ModeRequest request) {
        if (request == null) {
            throw new BadRequestException("body must give the mode and the reason");
        }
        String who = AdminTexts.authenticated(operator, request.operator());
        String why = AdminTexts.required("reason", request.reason(), MAX_REASON);
        ConnectionMode mode = ConnectionMode.fromWire(request.mode()).orElseThrow(() -> new BadRequestException(
                "mode must be one of off, shadow, live"));
        return modes.switchMode(id, connection -> connection.withMode(mode), who, why).map(found -> {
            ConnectionModeRepository.ModeSwitch done = found.orElseThrow(() -> new NotFoundException("no connection " + id));
            // Who switched is in the audit trail, not in the log.
            LOG.infof("connection_mode_set connection=%s mode=%s previous=%s changed=%s", id, mode.wireName(),
                    done.previous().wireName(), done.changed());
            return new Mode(id, mode.wireName(), done.changed());
        });
    }

    /** Every mode switch of the connection, oldest first: from, to, who, when, why. */
    @GET
    @Path("/{id}/mode/audit")
    public Uni<List<ConnectionModeRepository.ModeChange>> modeAudit(@PathParam("id") String id) {
        return modes.audit(id);
    }

    /**
     * Sets one capability's aliases (what ranking reads besides its name and description; a source's own
     * capability has none, {@code suggestedAliases} proposes some), from the next snapshot on; a refresh
     * keeps them.
     */
    @PUT
    @Path("/{id}/aliases")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<OperatorAliases> setAliases(@PathParam("id") String id, AliasesRequest request) {
        if (request == null) {
            throw new BadRequestException("body must give the capability, its aliases and the reason");
        }
        String who = AdminTexts.authenticated(operator, request.operator());
        String why = AdminTexts.required("reason", request.reason(), MAX_REASON);
        OperatorAliases.problem(request.aliases()).ifPresent(problem -> {
            throw new BadRequestException(problem);
        });
        return ownCapability(id, request.capability())
                .chain(name -> aliases.set(id, name, OperatorAliases.normalized(request.aliases()), who, why))
                .invoke(set -> LOG.infof("capability_aliases_set connection=%s capability=%s aliases=%d", id,
                        set.capability(), set.aliases().size()));
    }

    /** Back to the capability's own aliases (none for an imported one). */
    @DELETE
    @Path("/{id}/aliases")
    public Uni<Map<String, Boolean>> clearAliases(@PathParam("id") String id, @QueryParam("capability") String capability,
                                                  @QueryParam("reason") String reason) {
        String who = AdminTexts.authenticated(operator, null);
        String why = AdminTexts.required("reason", reason, MAX_REASON);
        return ownCapability(id, capability).chain(name -> aliases.clear(id, name, who, why)).map(cleared -> {
            if (!cleared) {
                throw new NotFoundException("no aliases were set for " + capability);
            }
            LOG.infof("capability_aliases_cleared connection=%s capability=%s", id, capability);
            return Map.of("cleared", true);
        });
    }

    /** Every alias change of the connection's capabilities, oldest first: what, who, when, why. */
    @GET
    @Path("/{id}/aliases/audit")
    public Uni<List<CapabilityAliasesRepository.AliasChange>> aliasesAudit(@PathParam("id") String id) {
        return aliases.audit(id);
    }

    /** The capability's name when the connection registers it, else 404. */
    private Uni<String> ownCapability(String connection, String capability) {
        if (capability == null || capability.isBlank()) {
            throw new BadRequestException("capability is required");
        }
        return registry.current().map(state -> state.catalog().entries().stream()
                .filter(entry -> entry.connection().equals(connection) && entry.name().equals(capability))
                .map(CatalogEntry::name).findFirst()
                .orElseThrow(() -> new NotFoundException("connection " + connection + " has no capability "
                        + capability)));
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

    /** {@code reason}: optional here (the trail says "enabled set to ..." without it). */
    public record Switch(Boolean enabled, String reason) {
    }

    /** A mode switch: the mode and why (both required); {@code operator}, when given, must be the caller. */
    public record ModeRequest(String mode, String reason, String operator) {
    }

    /** The capability's aliases (replacing the inferred ones), why; {@code operator}, when given, must be the caller. */
    public record AliasesRequest(String capability, List<String> aliases, String reason, String operator) {
    }

    /** A connection's mode; {@code changed}: whether the switch that answered changed it. */
    public record Mode(String connection, String mode, boolean changed) {
    }

    /**
     * A registered capability: its qualified name, its content hash, its whole definition and the
     * aliases its operation and entity suggest (not ranked until an operator sets them).
     */
    public record RegisteredCapability(String name, String contentHash, CatalogEntry definition,
                                       List<String> suggestedAliases) {
    }

    /** A connection's rollout report: its capabilities and what blocks each. */
    public record Rollout(String connection, int capabilities, List<RolloutBlocker> blockers) {
    }
}
