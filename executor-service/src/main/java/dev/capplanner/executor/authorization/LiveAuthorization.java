package dev.capplanner.executor.authorization;

import dev.capplanner.executor.request.RunPrincipal;
import dev.capplanner.executor.request.RunScope;
import java.util.concurrent.CompletionStage;

/**
 * Asks the registry, at the moment of the call, whether the principal may use the tool now: a
 * permission revoked or a connection disabled since the snapshot was cut denies the call.
 */
public interface LiveAuthorization {

    CompletionStage<AuthorizationDecision> authorize(RunScope run, RunPrincipal principal, String tool);
}
