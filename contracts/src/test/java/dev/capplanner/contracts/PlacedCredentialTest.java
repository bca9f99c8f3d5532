package dev.capplanner.contracts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.capplanner.contracts.credentials.CredentialReference;
import dev.capplanner.contracts.credentials.PlacedCredential;
import dev.capplanner.contracts.credentials.TenantSecrets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A secret goes exactly where its scheme says, and cannot smuggle a header in. */
class PlacedCredentialTest {

    @Test
    void eachSchemePlacesTheSecretWhereTheSourceExpectsIt() {
        assertThat(PlacedCredential.of(new CredentialReference("bearer", null, null, null, "file:t"), "tok"))
                .isEqualTo(new PlacedCredential(Map.of("Authorization", "Bearer tok"), Map.of()));
        assertThat(PlacedCredential.of(new CredentialReference("basic", null, null, "svc", "file:p"), "pw"))
                .isEqualTo(new PlacedCredential(Map.of("Authorization", "Basic c3ZjOnB3"), Map.of()));
        assertThat(PlacedCredential.of(new CredentialReference("api-key", "header", "X-Api-Key", null, "file:k"), "k1"))
                .isEqualTo(new PlacedCredential(Map.of("X-Api-Key", "k1"), Map.of()));
        assertThat(PlacedCredential.of(new CredentialReference("api-key", "query", "api_key", null, "file:k"), "k1"))
                .isEqualTo(new PlacedCredential(Map.of(), Map.of("api_key", "k1")));
    }

    @Test
    void aSecretSpanningLinesIsRefusedWithoutBeingQuoted() {
        assertThatThrownBy(() -> PlacedCredential.of(new CredentialReference("bearer", null, null, null, "file:t"),
                "tok\r\nX-Admin: yes")).isInstanceOf(TenantSecrets.MissingSecretException.class)
                .hasMessageNotContaining("X-Admin");
        assertThatThrownBy(() -> PlacedCredential.of(new CredentialReference("bearer", null, null, null, "file:t"),
                "tok\u0007en")).isInstanceOf(TenantSecrets.MissingSecretException.class).hasMessageNotContaining("tok");
    }
}
