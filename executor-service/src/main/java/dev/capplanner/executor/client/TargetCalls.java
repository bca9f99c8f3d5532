package dev.capplanner.executor.client;

import dev.capplanner.contracts.credentials.PlacedCredential;
import dev.capplanner.contracts.credentials.TenantSecrets;
import dev.capplanner.executor.invocation.ToolResponse;
import dev.capplanner.executor.targets.CallTarget;
import dev.capplanner.executor.targets.ClientCredentialTokens;
import dev.capplanner.executor.targets.TargetDirectory;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.function.Function;

/** How a call reaches its target: the target found, and its credential, resolved now, placed on the request. */
final class TargetCalls {

    /**
     * Sends once the target is found; a target that cannot be called (unknown, refused by the egress
     * policy) is the call's failure, in words the run's owner may read.
     */
    static CompletionStage<ToolResponse> whenFound(CompletionStage<CallTarget> target,
                                                   Function<CallTarget, CompletionStage<ToolResponse>> send) {
        return target.handle((found, error) -> {
            if (error == null) {
                return send.apply(found);
            }
            Throwable cause = unwrapped(error);
            return cause instanceof TargetDirectory.UnknownTargetException unknown
                    ? CompletableFuture.completedFuture(new ToolResponse(null, null, unknown.getMessage()))
                    : CompletableFuture.<ToolResponse>failedFuture(cause);
        }).thenCompose(sent -> sent);
    }

    private TargetCalls() {
    }

    /** The failure a future's wrappers ({@link CompletionException}, {@link ExecutionException}) carry. */
    static Throwable unwrapped(Throwable error) {
        Throwable cause = error;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }

    /**
     * The credential of a target that places its secret itself (all but OAuth 2). Blocking for a file
     * secret whose file changed (one read); otherwise a file's metadata or a variable.
     */
    static PlacedCredential placed(CallTarget target, TenantSecrets secrets) {
        if (target.credential() == null) {
            return PlacedCredential.NONE;
        }
        if (target.credential().fetchesTokens()) {
            throw new TenantSecrets.MissingSecretException(target.credential().secret(),
                    "an OAuth 2 client credential is used for HTTP APIs only");
        }
        return PlacedCredential.of(target.credential(),
                secrets.resolve(target.secretsTenant(), target.credential().secret()));
    }

    /**
     * The credential of any target: an OAuth 2 one is the access token fetched with the tenant's
     * client secret (the secret itself goes to the token endpoint only).
     *
     * @throws TenantSecrets.MissingSecretException when the secret is not there (before anything is fetched)
     */
    static CompletionStage<PlacedCredential> placed(CallTarget target, TenantSecrets secrets,
                                                    ClientCredentialTokens tokens) {
        if (target.credential() == null || !target.credential().fetchesTokens()) {
            return CompletableFuture.completedFuture(placed(target, secrets));
        }
        String clientSecret = secrets.resolve(target.secretsTenant(), target.credential().secret());
        return tokens.accessToken(target.secretsTenant(), target.credential(), clientSecret)
                .thenApply(token -> PlacedCredential.bearer(target.credential(), token));
    }
}
