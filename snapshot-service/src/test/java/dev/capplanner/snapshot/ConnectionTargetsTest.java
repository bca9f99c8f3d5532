package dev.capplanner.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.credentials.CredentialReference;
import dev.capplanner.contracts.snapshotservice.TargetAnswer;
import dev.capplanner.snapshot.connection.ConnectionRegistration;
import dev.capplanner.snapshot.connection.ConnectionTargets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A registration says where its calls go and how they authenticate, by reference; one target, one connection. */
class ConnectionTargetsTest {

    private static final CredentialReference KEY = new CredentialReference("api-key", "header", "X-Api-Key", null,
            "file:crm/api-key");

    private static ConnectionRegistration registration(String id, String tenant, String kind, String url, String target,
                                                       String baseUrl, CredentialReference credential) {
        return new ConnectionRegistration(id, tenant, "desk", kind, url, target, List.of(), Map.of(), List.of(), Map.of(),
                null, null, null, baseUrl, credential);
    }

    @Test
    void theTargetIsTheOneConnectionNamingItWithABaseUrl() {
        ConnectionRegistration crm = registration("crm", "acme", "openapi", "https://crm.example/openapi.json", "crm-api",
                "https://crm.example/v2", KEY);
        ConnectionRegistration configured = registration("legacy", "acme", "openapi", "https://x.example/o.json",
                "legacy-api", null, null);
        assertThat(ConnectionTargets.find(List.of(crm, configured), "crm-api", 12)).contains(new TargetAnswer("crm-api",
                "https://crm.example/v2", TargetAnswer.HTTP, KEY, 12));
        assertThat(ConnectionTargets.find(List.of(crm, configured), "legacy-api", 12))
                .as("no baseUrl: the executor's configuration names it").isEmpty();
    }

    @Test
    void anMcpServerOverHttpIsCalledAtItsOwnUrl() {
        ConnectionRegistration desk = registration("desk", "acme", "mcp", "https://desk.example/mcp", null, null,
                new CredentialReference("bearer", null, null, null, "env:DESK_TOKEN"));
        assertThat(ConnectionTargets.find(List.of(desk), "desk", 3)).get()
                .extracting(TargetAnswer::url, TargetAnswer::transport).containsExactly("https://desk.example/mcp", "mcp");
    }

    @Test
    void twoConnectionsNamingOneTargetAreAmbiguousAndAnswerNothing() {
        ConnectionRegistration one = registration("crm-a", "acme", "openapi", "https://a.example/o.json", "crm-api",
                "https://a.example", KEY);
        ConnectionRegistration two = registration("crm-b", "acme", "openapi", "https://b.example/o.json", "crm-api",
                "https://b.example", KEY);
        assertThat(ConnectionTargets.find(List.of(one, two), "crm-api", 1)).isEmpty();
    }

    @Test
    void aRegistrationsCallSettingsAreChecked() {
        assertThat(registration("c", "acme", "openapi", "https://x.example/o.json", "t", "ftp://x.example", null).problem())
                .isEqualTo("baseUrl must be an http(s) URL");
        assertThat(registration("c", "acme", "openapi", "https://x.example/o.json", "t", "https://u:p@x.example", null)
                .problem()).startsWith("baseUrl takes no query, fragment or user info");
        assertThat(registration("c", "acme", "openapi", "https://x.example/o.json", "t", null, KEY).problem())
                .startsWith("credential needs a baseUrl");
        assertThat(registration("c", "acme", "openapi", "https://x.example/o.json", "t", "https://x.example",
                new CredentialReference("api-key", "header", "Host", null, "file:k")).problem())
                .isEqualTo("credential.name may not be the Host header");
        assertThat(registration("c", "acme-eu", "openapi", "https://x.example/o.json", "t", "https://x.example",
                new CredentialReference("bearer", null, null, null, "env:TOKEN")).problem())
                .startsWith("credential.secret env: needs a tenant id of lower-case letters and digits");
        assertThat(registration("c", "acme", "mcp", "https://x.example//evil.example/mcp", null, null, null).problem())
                .startsWith("a URL's path may not start with //");
        assertThat(registration("c", "acme", "mcp", "https://x.example/mcp", null, null,
                new CredentialReference("api-key", "query", "key", null, "file:k")).problem())
                .startsWith("an MCP server takes its credential in a header");
        assertThat(registration("c", "acme", "mcp", "https://x.example/mcp", null, null,
                CredentialReference.clientCredentials("https://auth.example/token", "c", "file:k", List.of())).problem())
                .startsWith("oauth2-client-credentials is for HTTP APIs");
        assertThat(registration("c", "acme", "openapi", "https://x.example/o.json", "t", "https://x.example", KEY).problem())
                .isNull();
    }
}
