package dev.capplanner.eventbus.snapshots;

import dev.capplanner.contracts.snapshotservice.AudienceRequest;
import dev.capplanner.contracts.snapshotservice.AuthorizationQuestion;
import dev.capplanner.contracts.snapshotservice.TargetQuestion;
import dev.capplanner.contracts.snapshotservice.TroubleshootingQuestion;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * The snapshot service's internal API, as its callers ask it (build one with
 * {@link SnapshotServiceConnections}). Every answer comes back raw, whatever its status: what the
 * bytes are worth (a snapshot verified by hash, an authorization that allows only on an explicit
 * {@code true}) is for the caller to decide, never for a client-side mapper.
 */
@Path("")
public interface SnapshotServiceApi {

    /** A stored snapshot body, exactly as hashed; 404 when the hash is not stored. */
    @GET
    @Path("/snapshots/{hash}")
    @Produces(MediaType.APPLICATION_JSON)
    Uni<RestResponse<byte[]>> snapshot(@PathParam("hash") String hash);

    /** An audience's current snapshot, as a {@link dev.capplanner.contracts.snapshotservice.SnapshotReference}. */
    @POST
    @Path("/snapshots")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    Uni<RestResponse<byte[]>> currentSnapshot(AudienceRequest audience);

    /** The live last-mile decision, as a {@link dev.capplanner.contracts.snapshotservice.AuthorizationAnswer}. */
    @POST
    @Path("/authorizations")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    Uni<RestResponse<byte[]>> authorize(AuthorizationQuestion question);

    /** Whether troubleshooting is on for a user of a tenant now: {@code {"on": true|false}}. */
    @POST
    @Path("/authorizations/troubleshooting")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    Uni<RestResponse<byte[]>> troubleshooting(TroubleshootingQuestion question);

    /** A registered connection's call target, as a {@link dev.capplanner.contracts.snapshotservice.TargetAnswer}; 404 when none. */
    @POST
    @Path("/targets")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    Uni<RestResponse<byte[]>> target(TargetQuestion question);
}
