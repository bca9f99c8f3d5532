package dev.capplanner.executor.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.contracts.snapshotservice.AuthorizationQuestion;
import dev.capplanner.contracts.snapshotservice.TroubleshootingQuestion;
import dev.capplanner.eventbus.outage.Outages;
import dev.capplanner.eventbus.snapshots.SnapshotServiceApi;
import dev.capplanner.executor.authorization.AuthorizationDecision;
import dev.capplanner.executor.authorization.DenialRule;
import dev.capplanner.executor.authorization.LiveAuthorization;
import dev.capplanner.executor.authorization.TroubleshootingLookup;
import dev.capplanner.executor.request.RunPrincipal;
import dev.capplanner.executor.request.RunScope;
import dev.capplanner.executor.targets.RegistryRevisionWatch;
import io.smallrye.mutiny.Uni;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletionStage;
import org.jboss.logging.Logger;

/**
 * The snapshot service's live authorization decision before each call. Non-blocking; snapshot
 * bodies come from {@link dev.capplanner.eventbus.snapshots.SnapshotServiceBodies}. A registry that
 * cannot answer (unreachable, or answering 5xx while its database is away) is asked again, backing
 * off, for up to {@code patience}; only then is the call denied. Any other answer but an explicit
 * allow denies at once.
 */
public final class SnapshotServiceClient implements LiveAuthorization, TroubleshootingLookup {

    private static final Logger LOG = Logger.getLogger(SnapshotServiceClient.class);

    private final SnapshotServiceApi snapshotService;
    private final Duration patience;
    private final RegistryRevisionWatch revisions;
    private final ObjectMapper json = new ObjectMapper();

    public SnapshotServiceClient(SnapshotServiceApi snapshotService, Duration patience) {
        this(snapshotService, patience, new RegistryRevisionWatch());
    }

    /**
     * @param snapshotService presenting the executor's credentials (scope {@code authorizations})
     * @param revisions       told the registry revision of every decision (registry targets read before it are read again)
     */
    public SnapshotServiceClient(SnapshotServiceApi snapshotService, Duration patience, RegistryRevisionWatch revisions) {
        this.snapshotService = snapshotService;
        this.patience = patience;
        this.revisions = revisions;
    }

    @Override
    public CompletionStage<AuthorizationDecision> authorize(RunScope run, RunPrincipal principal, String tool) {
        AuthorizationQuestion question = new AuthorizationQuestion(run.tenantId(), run.projectId(),
                new AuthorizationQuestion.Asker(principal.userId(), principal.roles()), tool);
        return Uni.createFrom().deferred(() -> snapshotService.authorize(question))
                .invoke(response -> {
                    if (response.getStatus() >= 500) {
                        throw new RegistryUnavailable("HTTP " + response.getStatus());
                    }
                })
                .onFailure().invoke(failure -> LOG.warnf("registry_unavailable capability=%s error=%s (asking again)",
                        tool, failure.getClass().getSimpleName()))
                .onFailure().retry().withBackOff(Outages.FIRST_RETRY, Outages.MAX_RETRY_INTERVAL).expireIn(patience.toMillis())
                .map(response -> response.getStatus() == 200 ? decision(response.getEntity())
                        : AuthorizationDecision.deny(DenialRule.AUTHORIZATION_UNAVAILABLE,
                                "authorization unavailable: HTTP " + response.getStatus()))
                .onFailure().recoverWithItem(failure -> AuthorizationDecision.deny(DenialRule.AUTHORIZATION_UNAVAILABLE,
                        "authorization unavailable: " + (failure instanceof RegistryUnavailable unavailable
                                ? unavailable.getMessage() : failure.getClass().getSimpleName())))
                .subscribeAsCompletionStage();
    }

    /**
     * Asked once, never again: diagnostics are a developer's extra, so a registry that cannot say
     * (down, an error, an answer out of form) means off, and the turn completes without them.
     */
    @Override
    public CompletionStage<Boolean> isOn(RunScope run, RunPrincipal principal) {
        return Uni.createFrom().deferred(() -> snapshotService.troubleshooting(
                        new TroubleshootingQuestion(run.tenantId(), principal.userId())))
                .map(response -> response.getStatus() == 200 && explicitlyOn(response.getEntity()))
                .onFailure().recoverWithItem(failure -> {
                    LOG.warnf("troubleshooting_unknown error=%s (completing without diagnostics)",
                            failure.getClass().getSimpleName());
                    return false;
                })
                .subscribeAsCompletionStage();
    }

    private boolean explicitlyOn(byte[] body) {
        try {
            JsonNode answer = json.readTree(body);
            return answer.path("on").isBoolean() && answer.path("on").booleanValue();
        } catch (IOException e) {
            return false;
        }
    }

    /** The registry answered that it cannot decide now (5xx). */
    private static final class RegistryUnavailable extends RuntimeException {
        RegistryUnavailable(String message) {
            super(message, null, false, false);
        }
    }

    private AuthorizationDecision decision(byte[] body) {
        try {
            JsonNode answer = json.readTree(body);
            if (answer.path("registryRevision").isIntegralNumber()) {
                revisions.saw(answer.path("registryRevision").longValue());
            }
            // Only an explicit true allows; anything else, including a malformed answer, denies.
            if (answer.path("allowed").isBoolean() && answer.path("allowed").booleanValue()) {
                return AuthorizationDecision.allow();
            }
            String reason = answer.path("reason").isTextual() ? answer.path("reason").textValue() : "not allowed";
            return AuthorizationDecision.deny(DenialRule.REGISTRY_DENIED, "registry: " + reason);
        } catch (IOException e) {
            return AuthorizationDecision.deny(DenialRule.AUTHORIZATION_UNAVAILABLE, "authorization unavailable: unreadable answer");
        }
    }
}
