package dev.capplanner.router.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.contracts.snapshotservice.AudienceRequest;
import dev.capplanner.eventbus.snapshots.SnapshotServiceApi;
import java.io.IOException;
import java.util.List;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * Asks the snapshot service for an audience's current snapshot ({@code POST /snapshots}): what a
 * principal of a tenant and project may call right now, computed from the live registry. Returns
 * the snapshot's hash; the body is fetched and verified by hash like any other.
 */
public final class AudienceSnapshots {

    private final SnapshotServiceApi snapshotService;
    private final ObjectMapper json = new ObjectMapper();

    /** @param snapshotService presenting the router's credentials (scope {@code snapshots:audience}) */
    public AudienceSnapshots(SnapshotServiceApi snapshotService) {
        this.snapshotService = snapshotService;
    }

    /** Blocking (bounded by the client's timeout): call it from a worker thread. */
    public String hashFor(String tenantId, String projectId, List<String> roles) throws IOException {
        RestResponse<byte[]> response = snapshotService
                .currentSnapshot(new AudienceRequest(tenantId, projectId, roles == null ? List.of() : roles))
                .await().indefinitely();
        if (response.getStatus() != 200) {
            throw new IOException("snapshot service answered HTTP " + response.getStatus());
        }
        JsonNode answer = json.readTree(response.getEntity());
        if (answer == null || !answer.path("hash").isTextual()) {
            throw new IOException("snapshot service answered without a hash");
        }
        return answer.path("hash").textValue();
    }
}
