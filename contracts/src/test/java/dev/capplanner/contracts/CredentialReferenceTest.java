package dev.capplanner.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.credentials.CredentialReference;
import dev.capplanner.contracts.credentials.SecretName;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A credential is a reference: a scheme the executor knows and a secret's name in its tenant's namespace. */
class CredentialReferenceTest {

    @Test
    void eachSchemeNeedsWhatItPlaces() {
        assertThat(new CredentialReference("bearer", null, null, null, "file:token").problem()).isNull();
        assertThat(new CredentialReference("basic", null, null, "svc", "env:PASSWORD").problem()).isNull();
        assertThat(new CredentialReference("api-key", "query", "api_key", null, "file:k").problem()).isNull();
        assertThat(new CredentialReference("oauth", null, null, null, "file:k").problem()).startsWith("credential.scheme");
        assertThat(new CredentialReference("api-key", "cookie", "k", null, "file:k").problem()).contains("header or query");
        assertThat(new CredentialReference("api-key", "header", "X-Key\r\nX-Admin", null, "file:k").problem())
                .startsWith("credential.name");
        assertThat(new CredentialReference("basic", null, null, "a:b", "file:k").problem()).startsWith("credential.username");
    }

    @Test
    void anOauth2ClientNamesItsTokenEndpointItsIdAndItsScopes() {
        assertThat(CredentialReference.clientCredentials("https://auth.example/oauth/token", "desk", "file:secret",
                List.of("orders.read", "tickets:read")).problem()).isNull();
        assertThat(CredentialReference.clientCredentials("ftp://auth.example/token", "desk", "file:s", List.of()).problem())
                .startsWith("credential.tokenUrl");
        assertThat(CredentialReference.clientCredentials("https://user@auth.example/token", "desk", "file:s", List.of())
                .problem()).as("no user info").startsWith("credential.tokenUrl");
        assertThat(CredentialReference.clientCredentials("https://auth.example/token", " ", "file:s", List.of()).problem())
                .startsWith("credential.clientId");
        assertThat(CredentialReference.clientCredentials("https://auth.example/token", "desk", "file:s",
                List.of("a b")).problem()).startsWith("credential.scopes");
        assertThat(CredentialReference.clientCredentials("https://auth.example/token", "desk", "raw-secret", List.of())
                .problem()).as("the secret is still a name").startsWith("credential.secret");
    }

    @Test
    void aSecretIsNamedNeverGiven() {
        assertThat(SecretName.problem("sk_live_51H8xYz")).as("a value, not a name").isNotNull();
        assertThat(SecretName.problem("file:../other/key")).isNotNull();
        assertThat(SecretName.problem("file:/etc/passwd")).isNotNull();
        assertThat(SecretName.problem("file:a/b/c")).as("at most a Secret and its key").isNotNull();
        assertThat(SecretName.problem("env:lower")).isNotNull();
        assertThat(SecretName.problem("file:crm/api-key")).isNull();
    }

    @Test
    void aNameResolvesInsideItsTenantsNamespaceOnly() {
        Path secrets = Path.of("/var/run/capplanner/secrets");
        assertThat(SecretName.file(secrets, "acme", "file:crm/api-key")).contains(secrets.resolve("acme/crm/api-key"));
        assertThat(SecretName.file(secrets, "..", "file:crm")).isEmpty();
        assertThat(SecretName.file(secrets, "acme/../globex", "file:crm")).isEmpty();
        assertThat(SecretName.environmentVariable("acme", "env:CRM_KEY")).contains("CAPPLANNER_SECRET_ACME_CRM_KEY");
        assertThat(SecretName.environmentVariable("acme_x", "env:KEY")).as("'_' would let two tenants meet").isEmpty();
        assertThat(SecretName.environmentVariable("acme", "file:crm")).isEmpty();
    }
}
