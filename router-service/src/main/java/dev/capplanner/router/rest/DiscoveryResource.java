package dev.capplanner.router.rest;

import dev.capplanner.contracts.trust.SnapshotBody;
import dev.capplanner.contracts.trust.UntrustedSnapshotException;
import dev.capplanner.contracts.trust.VerifiedSnapshots;
import dev.capplanner.router.config.RouterConfig;
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
import jakarta.ws.rs.ServiceUnavailableException;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Previews what discovery offers for a snapshot, by hash. A replica that has not indexed the
 * snapshot yet fetches it from the snapshot service and verifies it against the hash first, so the
 * offer works on every replica. The offer names tools and never carries schemas.
 */
@Path("/discovery/offer")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public class DiscoveryResource {

    private final SnapshotRankers rankers;
    private final ToolDiscovery discovery = new ToolDiscovery();
    private final DiscoveryTelemetry telemetry;
    private final VerifiedSnapshots snapshots;
    private final RouterConfig config;

    public DiscoveryResource(SnapshotRankers rankers, DiscoveryTelemetry telemetry, VerifiedSnapshots snapshots,
                             RouterConfig config) {
        this.rankers = rankers;
        this.telemetry = telemetry;
        this.snapshots = snapshots;
        this.config = config;
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
        CapabilityRanker index = rankers.find(body.snapshotHash()).orElseGet(() -> {
            SnapshotBody snapshot = fetch(body.snapshotHash());
            return rankers.forSnapshot(snapshot.hash(), snapshot.capabilities());
        });
        DiscoveryOffer offer = discovery.discover(new DiscoveryRequest(body.query(), body.permissionedNames(),
                body.executionMode(), body.limit(), body.history(), body.forcedNames(), body.preferredNames(),
                body.protectedNames(), DiscoveryChannel.parse(body.channel()), body.capabilityHint()), index,
                rankers.strategy().wireName());
        telemetry.record(offer);
        return OfferResponse.of(offer);
    }

    /** Runs on a worker thread (a blocking endpoint), so waiting for the snapshot service is fine here. */
    private SnapshotBody fetch(String hash) {
        try {
            return snapshots.byHash(hash).toCompletableFuture()
                    .get(config.snapshotService().timeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UntrustedSnapshotException untrusted) {
                throw new NotFoundException("snapshot " + hash + " cannot be used: " + untrusted.getMessage());
            }
            throw new ServiceUnavailableException("the snapshot service could not be asked for snapshot " + hash);
        } catch (TimeoutException e) {
            throw new ServiceUnavailableException("the snapshot service did not answer in time for snapshot " + hash);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ServiceUnavailableException("interrupted while fetching snapshot " + hash);
        }
    }
}
