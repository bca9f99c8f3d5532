package dev.capplanner.snapshot.rest;

import dev.capplanner.contracts.snapshotservice.AudienceRequest;
import dev.capplanner.contracts.snapshotservice.SnapshotReference;
import dev.capplanner.snapshot.authorization.Audience;
import dev.capplanner.snapshot.persistence.SnapshotStore;
import dev.capplanner.snapshot.persistence.SnapshotSupply;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/**
 * Snapshots by content address, for any stage or replica that meets a hash it has not seen. The
 * body is the exact canonical JSON that was hashed: a reader verifies it by hashing it again. An
 * audience's current snapshot can be asked for too (what a principal may call right now, e.g. for
 * the router's discovery offer): it is built or taken from the cache, stored, and named by its hash.
 */
@Path("/snapshots")
public class SnapshotResource {

    private final SnapshotStore store;
    private final SnapshotSupply supply;

    public SnapshotResource(SnapshotStore store, SnapshotSupply supply) {
        this.store = store;
        this.supply = supply;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<SnapshotReference> forAudience(AudienceRequest request) {
        if (request == null || request.tenantId() == null || request.tenantId().isBlank() || request.projectId() == null
                || request.projectId().isBlank()) {
            throw new BadRequestException("tenantId and projectId are required; roles is optional");
        }
        Audience audience = new Audience(request.tenantId(), request.projectId(),
                request.roles() == null ? List.of() : request.roles());
        return supply.snapshotFor(audience).map(snapshot -> new SnapshotReference(snapshot.hash(),
                snapshot.sizeBytes(), snapshot.capabilities().size(), snapshot.tenantId(), snapshot.projectId()));
    }

    @GET
    @Path("/{hash}")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<byte[]> byHash(@PathParam("hash") String hash) {
        if (!hash.matches("sha256:[0-9a-f]{64}")) {
            throw new BadRequestException("a snapshot hash is sha256: followed by 64 lowercase hex digits");
        }
        return store.find(hash).map(body -> body.orElseThrow(() -> new NotFoundException("no snapshot " + hash)));
    }
}
