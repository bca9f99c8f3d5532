package dev.capplanner.executor.rest;

import dev.capplanner.executor.execution.ArtifactStore;
import dev.capplanner.executor.persistence.PostgresArtifactStore;
import dev.capplanner.principals.ClaimedPrincipal;
import dev.capplanner.principals.rest.RequestPrincipals;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.util.regex.Pattern;

/**
 * A selectable artifact's complete rows, for the chat backend to render once and to resolve the
 * user's choice with. The reader is the principal its token asserts ({@code Authorization: Bearer
 * <principal token>}: tenant and user), and names the conversation; an artifact of any other tenant,
 * conversation or user, and an expired one, answers 404, exactly as an unknown handle does.
 */
@Path("/artifacts/{handle}")
@Produces(MediaType.APPLICATION_JSON)
public class ArtifactResource {

    private static final Pattern HANDLE = Pattern.compile("art_[0-9a-f]{32}");

    private final PostgresArtifactStore artifacts;
    private final RequestPrincipals principals;

    public ArtifactResource(PostgresArtifactStore artifacts, RequestPrincipals principals) {
        this.artifacts = artifacts;
        this.principals = principals;
    }

    /** @param tenantId optional: when given, it must be the token's tenant */
    @GET
    @Blocking
    public Uni<PostgresArtifactStore.StoredArtifact> read(@PathParam("handle") String handle,
                                                          @QueryParam("conversationId") String conversationId,
                                                          @QueryParam("tenantId") String tenantId,
                                                          @Context HttpHeaders headers) {
        ClaimedPrincipal reader = principals.require(headers, blank(tenantId) ? null : tenantId, null, null);
        if (blank(conversationId)) {
            throw new BadRequestException("conversationId is required");
        }
        if (!HANDLE.matcher(handle).matches()) {
            throw new NotFoundException("no artifact " + handle);
        }
        return artifacts.read(handle, new ArtifactStore.Scope(reader.tenantId(), conversationId, reader.userId()))
                .map(found -> found.orElseThrow(() -> new NotFoundException("no artifact " + handle)));
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
