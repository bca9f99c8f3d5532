package dev.capplanner.router.rest;

import dev.capplanner.router.discovery.DiscoveryChannel;
import dev.capplanner.router.discovery.DiscoveryOffer;
import dev.capplanner.router.discovery.DiscoveryRequest;
import dev.capplanner.router.discovery.ToolDiscovery;
import dev.capplanner.router.ranking.CapabilityRanker;
import dev.capplanner.router.rankers.SnapshotRankers;
import dev.capplanner.router.telemetry.DiscoveryTelemetry;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Set;

/**
 * Previews what discovery offers for a snapshot this router has indexed (a turn with that snapshot
 * was routed). The offer names tools and never carries schemas.
 */
@Path("/discovery/offer")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public class DiscoveryResource {

    private final SnapshotRankers rankers;
    private final ToolDiscovery discovery = new ToolDiscovery();
    private final DiscoveryTelemetry telemetry;

    public DiscoveryResource(SnapshotRankers rankers, DiscoveryTelemetry telemetry) {
        this.rankers = rankers;
        this.telemetry = telemetry;
    }

    /** The request body; {@code permissionedNames} must come from the trusted snapshot or registry. */
    public record OfferRequest(String snapshotHash, String query, Set<String> permissionedNames, String executionMode,
                               Integer limit, List<String> history, List<String> forcedNames,
                               List<String> preferredNames, List<String> protectedNames, String channel,
                               String capabilityHint) {
    }

    @POST
    public OfferResponse offer(OfferRequest body) {
        if (body == null || body.snapshotHash() == null) {
            throw new IllegalArgumentException("snapshotHash is required");
        }
        CapabilityRanker index = rankers.find(body.snapshotHash()).orElseThrow(() -> new NotFoundException(
                "snapshot " + body.snapshotHash() + " is not indexed here; a snapshot is indexed once a turn with it is routed"));
        DiscoveryOffer offer = discovery.discover(new DiscoveryRequest(body.query(), body.permissionedNames(),
                body.executionMode(), body.limit(), body.history(), body.forcedNames(), body.preferredNames(),
                body.protectedNames(), DiscoveryChannel.parse(body.channel()), body.capabilityHint()), index,
                rankers.strategy().wireName());
        telemetry.record(offer);
        return OfferResponse.of(offer);
    }
}
