package dev.capplanner.executor.rest;

import dev.capplanner.executor.execution.ArtifactStore;
import dev.capplanner.executor.persistence.PostgresArtifactStore;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.regex.Pattern;

/**
 * A selectable artifact's complete rows, for the chat backend to render once and to resolve the
 * user's choice with. The caller names the tenant, conversation and user of the turn; an artifact of
 * any other tenant, conversation or user, and an expired one, answers 404, exactly as an unknown
 * handle does.
 */
@Path("/artifacts/{handle}")
@Produces(MediaType.APPLICATION_JSON)
public class ArtifactResource {

    private static final Pattern HANDLE = Pattern.compile("art_[0-9a-f]{32}");

    private final PostgresArtifactStore artifacts;

    public ArtifactResource(PostgresArtifactStore artifacts) {
        this.artifacts = artifacts;
    }

    @GET
    public Uni<PostgresArtifactStore.StoredArtifact> read(@PathParam("handle") String handle,
                                                          @QueryParam("tenantId") String tenantId,
                                                          @QueryParam("conversationId") String conversationId,
                                                          @QueryParam("userId") String userId) {
        if (blank(tenantId) || blank(conversationId) || blank(userId)) {
            throw new BadRequestException("tenantId, conversationId and userId are required");
        }
        if (!HANDLE.matcher(handle).matches()) {
            throw new NotFoundException("no artifact " + handle);
        }
        return artifacts.read(handle, new ArtifactStore.Scope(tenantId, conversationId, userId))
                .map(found -> found.orElseThrow(() -> new NotFoundException("no artifact " + handle)));
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
