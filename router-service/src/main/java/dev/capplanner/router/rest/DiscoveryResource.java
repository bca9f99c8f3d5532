package dev.capplanner.router.rest;

import dev.capplanner.contracts.discovery.McpToolListing;
import dev.capplanner.contracts.trust.SnapshotBody;
import dev.capplanner.contracts.trust.UntrustedSnapshotException;
import dev.capplanner.contracts.trust.VerifiedSnapshots;
import dev.capplanner.principals.ClaimedPrincipal;
import dev.capplanner.principals.rest.RequestPrincipals;
import dev.capplanner.router.client.AudienceSnapshots;
import dev.capplanner.router.config.RouterConfig;
import dev.capplanner.router.discovery.ChannelPolicies;
import dev.capplanner.router.discovery.ChannelPolicy;
import dev.capplanner.router.discovery.DiscoveryChannel;
import dev.capplanner.router.discovery.DiscoveryOffer;
import dev.capplanner.router.discovery.DiscoveryRequest;
import dev.capplanner.router.discovery.ToolDiscovery;
import dev.capplanner.router.ranking.CapabilityRanker;
import dev.capplanner.router.strategy.SnapshotRankers;
import dev.capplanner.router.telemetry.DiscoveryTelemetry;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.ServiceUnavailableException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jboss.logging.Logger;

/**
 * What discovery offers, to the principal a verified token asserts ({@code Authorization: Bearer
 * <principal token>}; a tenant, project or roles the body names must agree, they never choose). The
 * permitted names are computed from the live registry: the snapshot service names the principal's
 * current snapshot, and names a caller supplies ({@code permissionedNames}) can only narrow that set,
 * never widen it. Given a snapshot hash instead (a preview of a routed turn's snapshot), the snapshot
 * must be the principal's tenant's and project's (any other is "not found"), and only names both it
 * and the principal's own current snapshot hold are offered: a hash of another role set's snapshot
 * widens nothing. A replica that has not indexed the snapshot fetches it by hash and
 * verifies it first, so the offer works on every replica. The snapshot's tenant's policy for the
 * channel then narrows the offer (a subagent's {@code childAllowlist} narrows it further). The offer
 * names tools and never carries schemas.
 *
 * <p>{@code POST /discovery/tools} is the MCP channel's listing with the definitions loaded after
 * discovery ({@link McpTools}): the principal's own current snapshot only (never a hash the caller
 * names), the tenant's policy for the MCP channel applied to the listing and to every name resolved
 * for a call alike.
 */
@Path("/discovery")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public class DiscoveryResource {

    private static final Logger LOG = Logger.getLogger(DiscoveryResource.class);

    private final SnapshotRankers rankers;
    private final ToolDiscovery discovery = new ToolDiscovery();
    private final DiscoveryTelemetry telemetry;
    private final VerifiedSnapshots snapshots;
    private final RouterConfig config;
    private final AudienceSnapshots audiences;
    private final ChannelPolicies channelPolicies;
    private final RequestPrincipals principals;

    public DiscoveryResource(SnapshotRankers rankers, DiscoveryTelemetry telemetry, VerifiedSnapshots snapshots,
                             RouterConfig config, AudienceSnapshots audiences, ChannelPolicies channelPolicies,
                             RequestPrincipals principals) {
        this.channelPolicies = channelPolicies;
        this.principals = principals;
        this.rankers = rankers;
        this.telemetry = telemetry;
        this.snapshots = snapshots;
        this.config = config;
        this.audiences = audiences;
    }

    /**
     * The request body: the principal's {@code tenantId}, {@code projectId} and {@code roles} (each
     * optional: the token's are taken; a project is needed when the token names none), or a
     * {@code snapshotHash}, not both; {@code permissionedNames} narrows what is permitted.
     */
    public record OfferRequest(String snapshotHash, String query, Set<String> permissionedNames, String executionMode,
                               Integer limit, List<String> history, List<String> forcedNames,
                               List<String> preferredNames, List<String> protectedNames, String channel,
                               String capabilityHint, String tenantId, String projectId, List<String> roles,
                               Set<String> childAllowlist) {
    }

    @POST
    @Path("/offer")
    public OfferResponse offer(OfferRequest body, @Context HttpHeaders headers) {
        if (body == null || (body.snapshotHash() != null && (body.tenantId() != null || body.projectId() != null
                || body.roles() != null))) {
            throw new IllegalArgumentException("give either a principal (tenantId, projectId, roles) or a snapshotHash");
        }
        boolean byPrincipal = body.snapshotHash() == null;
        ClaimedPrincipal principal = principals.require(headers, body.tenantId(), body.projectId(), body.roles());
        if (byPrincipal && principal.projectId() == null) {
            throw new IllegalArgumentException("name the projectId: the principal token names no project");
        }
        DiscoveryChannel channel = DiscoveryChannel.parse(body.channel());
        if (body.childAllowlist() != null && channel != DiscoveryChannel.SUBAGENT) {
            throw new IllegalArgumentException("childAllowlist is for the subagent channel");
        }
        // Verified bodies are cached by hash: this is a fetch only on a replica's first sight of the snapshot.
        SnapshotBody snapshot = byPrincipal ? ownSnapshot(principal) : fetch(body.snapshotHash());
        if (!byPrincipal && !(snapshot.tenantId().equals(principal.tenantId())
                && (principal.projectId() == null || snapshot.projectId().equals(principal.projectId())))) {
            // Another tenant's snapshot is "not found", not "forbidden": its existence is not the caller's to learn.
            throw new NotFoundException("no snapshot " + body.snapshotHash());
        }
        CapabilityRanker index = ranker(snapshot);
        Set<String> permitted = byPrincipal ? narrowed(snapshot, body.permissionedNames())
                : previewable(snapshot, body.permissionedNames(), principal);
        ChannelPolicy policy = channelPolicies.policyFor(snapshot.tenantId(), channel);
        if (body.childAllowlist() != null) {
            policy = policy.narrowedTo(body.childAllowlist());
        }
        DiscoveryOffer offer = discovery.discover(new DiscoveryRequest(body.query(), permitted,
                body.executionMode(), body.limit(), body.history(), body.forcedNames(), body.preferredNames(),
                body.protectedNames(), channel, body.capabilityHint(), policy), index,
                rankers.strategy().wireName());
        telemetry.record(offer);
        return OfferResponse.of(offer);
    }

    /**
     * The MCP face's tools: with {@code mcpNames}, the definitions of those names (what a
     * {@code tools/call} resolves; unknown or withheld names are simply absent); else the MCP channel's
     * offer for the {@code query} (the permissioned catalog, unranked, up to the hard maximum, without
     * one) with each offered tool's definition.
     */
    @POST
    @Path("/tools")
    public McpToolListing tools(McpToolListing.Request body, @Context HttpHeaders headers) {
        if (body == null) {
            throw new IllegalArgumentException("give a query, mcpNames, or neither (the whole catalog), as JSON");
        }
        if (body.mcpNames() != null && body.mcpNames().size() > McpTools.MAX_NAMES) {
            throw new IllegalArgumentException("at most " + McpTools.MAX_NAMES + " mcpNames at once");
        }
        ClaimedPrincipal principal = principals.require(headers, null, body.projectId(), null);
        if (principal.projectId() == null) {
            throw new IllegalArgumentException("name the projectId: the principal token names no project");
        }
        SnapshotBody snapshot = ownSnapshot(principal);
        ChannelPolicy policy = channelPolicies.policyFor(snapshot.tenantId(), DiscoveryChannel.MCP);
        if (body.mcpNames() != null) {
            Set<String> names = new java.util.HashSet<>(body.mcpNames());
            names.remove(null);
            return McpTools.resolved(snapshot.capabilities(), names, policy);
        }
        DiscoveryOffer offer = discovery.discover(new DiscoveryRequest(body.query(), narrowed(snapshot, null), "read",
                body.limit(), null, null, null, null, DiscoveryChannel.MCP, null, policy), ranker(snapshot),
                rankers.strategy().wireName());
        telemetry.record(offer);
        return McpTools.offered(snapshot.capabilities(), offer);
    }

    /** The principal's own current snapshot, which must be its tenant's and project's. */
    private SnapshotBody ownSnapshot(ClaimedPrincipal principal) {
        SnapshotBody snapshot = fetch(principalsSnapshot(principal));
        if (!(snapshot.tenantId().equals(principal.tenantId()) && snapshot.projectId().equals(principal.projectId()))) {
            throw new ServiceUnavailableException("the snapshot service named another tenant's snapshot");
        }
        return snapshot;
    }

    /** The snapshot's ranker, built on this replica's first sight of it. */
    private CapabilityRanker ranker(SnapshotBody snapshot) {
        return rankers.find(snapshot.hash()).orElseGet(() -> rankers.forSnapshot(snapshot.hash(), snapshot.capabilities()));
    }

    /**
     * A preview's names: the caller's, less those the previewed snapshot holds but the principal's own
     * current snapshot does not (a hash of another role set's snapshot must not widen the offer); names
     * neither holds stay, so the offer still counts them as denied.
     */
    private Set<String> previewable(SnapshotBody previewed, Set<String> requested, ClaimedPrincipal principal) {
        if (requested == null) {
            return null;
        }
        SnapshotBody own = fetch(principalsSnapshot(new ClaimedPrincipal(principal.tenantId(), previewed.projectId(),
                principal.userId(), principal.roles())));
        Set<String> owned = new java.util.HashSet<>();
        own.capabilities().forEach(c -> owned.add(c.name()));
        Set<String> previewedNames = new java.util.HashSet<>();
        previewed.capabilities().forEach(c -> previewedNames.add(c.name()));
        Set<String> permitted = new java.util.LinkedHashSet<>(requested);
        permitted.removeIf(name -> previewedNames.contains(name) && !owned.contains(name));
        return permitted;
    }

    /** The registry's permitted names for the principal, narrowed (never widened) by the caller's. */
    private static Set<String> narrowed(SnapshotBody snapshot, Set<String> requested) {
        Set<String> permitted = new java.util.LinkedHashSet<>();
        snapshot.capabilities().forEach(c -> permitted.add(c.name()));
        if (requested != null) {
            permitted.retainAll(requested);
        }
        return permitted;
    }

    private String principalsSnapshot(ClaimedPrincipal principal) {
        try {
            return audiences.hashFor(principal.tenantId(), principal.projectId(), principal.roles());
        } catch (java.io.IOException | RuntimeException e) {
            throw new ServiceUnavailableException("the snapshot service could not name the principal's snapshot");
        }
    }

    /** Runs on a worker thread (a blocking endpoint), so waiting for the snapshot service is fine here. */
    private SnapshotBody fetch(String hash) {
        try {
            return snapshots.byHash(hash).toCompletableFuture()
                    .get(config.snapshotService().timeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UntrustedSnapshotException untrusted) {
                // Worded as another tenant's snapshot is: which of the two it was is not the caller's to learn.
                LOG.warnf("discovery_snapshot_unusable reason=%s", untrusted.getMessage());
                throw new NotFoundException("no snapshot " + hash);
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
