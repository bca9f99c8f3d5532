package dev.capplanner.snapshot.rest;

import dev.capplanner.snapshot.persistence.SnapshotStore;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * Snapshots by content address, for any stage or replica that meets a hash it has not seen. The
 * body is the exact canonical JSON that was hashed: a reader verifies it by hashing it again.
 */
@Path("/snapshots")
public class SnapshotResource {

    private final SnapshotStore store;

    public SnapshotResource(SnapshotStore store) {
        this.store = store;
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
