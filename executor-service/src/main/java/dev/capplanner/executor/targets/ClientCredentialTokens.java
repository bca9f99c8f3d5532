package dev.capplanner.executor.targets;

import dev.capplanner.contracts.credentials.CredentialReference;
import java.util.concurrent.CompletionStage;

/**
 * OAuth 2 access tokens of the client-credentials grant, per tenant and client: fetched from the
 * reference's token endpoint with its client id and the tenant's client secret, kept while valid
 * and fetched again when expired. A failure names the token endpoint's answer, never the secret.
 */
public interface ClientCredentialTokens {

    /** No OAuth 2 support configured: every fetch fails, saying so. */
    ClientCredentialTokens NONE = (tenant, reference, clientSecret) -> java.util.concurrent.CompletableFuture
            .failedFuture(new TargetDirectory.UnknownTargetException("OAuth 2 client credentials are not available here"));

    CompletionStage<String> accessToken(String tenant, CredentialReference reference, String clientSecret);
}
