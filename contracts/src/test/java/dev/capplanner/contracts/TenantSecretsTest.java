package dev.capplanner.contracts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.capplanner.contracts.credentials.TenantSecrets;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A secret is found by name in its tenant's namespace only, read again when rotated, and never quoted. */
class TenantSecretsTest {

    @TempDir
    Path directory;

    private TenantSecrets secrets(Map<String, String> environment) {
        return new TenantSecrets(Optional.of(directory), environment::get);
    }

    private void write(String relative, String value) throws IOException {
        Path file = directory.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, value);
    }

    @Test
    void aFileSecretIsReadFromTheTenantsOwnDirectory() throws IOException {
        write("acme/crm-key", "acme-secret\n");
        write("acme/crm/api-key", "acme-mounted");
        assertThat(secrets(Map.of()).resolve("acme", "file:crm-key")).isEqualTo("acme-secret");
        assertThat(secrets(Map.of()).resolve("acme", "file:crm/api-key")).as("a mounted Secret's key").isEqualTo("acme-mounted");
    }

    @Test
    void noReferenceReachesAnotherTenantsSecretOrAnyOtherFile() throws IOException {
        write("globex/crm-key", "globex-secret");
        write("passwd", "root");
        TenantSecrets secrets = secrets(Map.of());
        for (String reference : new String[] {"file:../globex/crm-key", "file:crm-key/../../globex/crm-key",
                "file:/etc/passwd", "file:..", "file:./../passwd", "file:globex/crm-key"}) {
            assertThatThrownBy(() -> secrets.resolve("acme", reference)).as(reference)
                    .isInstanceOf(TenantSecrets.MissingSecretException.class)
                    .hasMessageNotContaining("globex-secret").hasMessageNotContaining("root");
        }
        assertThatThrownBy(() -> secrets.resolve("../globex", "file:crm-key")).as("a tenant id is one path segment")
                .isInstanceOf(TenantSecrets.MissingSecretException.class);
    }

    @Test
    void aRotatedFileIsUsedFromTheNextResolutionOn() throws IOException {
        write("acme/token", "first");
        TenantSecrets secrets = secrets(Map.of());
        assertThat(secrets.resolve("acme", "file:token")).isEqualTo("first");
        write("acme/token", "second");
        Files.setLastModifiedTime(directory.resolve("acme/token"), FileTime.from(Instant.now().plusSeconds(5)));
        assertThat(secrets.resolve("acme", "file:token")).isEqualTo("second");
    }

    @Test
    void anEnvironmentSecretCarriesTheTenantInItsName() {
        TenantSecrets secrets = secrets(Map.of("CAPPLANNER_SECRET_ACME_CRM_KEY", "acme-env",
                "CAPPLANNER_SECRET_GLOBEX_CRM_KEY", "globex-env", "DATABASE_PASSWORD", "db"));
        assertThat(secrets.resolve("acme", "env:CRM_KEY")).isEqualTo("acme-env");
        assertThat(secrets.resolve("globex", "env:CRM_KEY")).isEqualTo("globex-env");
        assertThatThrownBy(() -> secrets.resolve("acme", "env:DATABASE_PASSWORD"))
                .isInstanceOf(TenantSecrets.MissingSecretException.class).hasMessageNotContaining("db");
        assertThatThrownBy(() -> secrets.resolve("acme-eu", "env:CRM_KEY")).as("a tenant id env cannot carry apart")
                .isInstanceOf(TenantSecrets.MissingSecretException.class)
                .hasMessageContaining("not a secret name of this tenant");
    }

    @Test
    void aMissingEmptyOrOversizedSecretIsNamedByItsReferenceOnly() throws IOException {
        write("acme/empty", "  \n");
        write("acme/huge", "x".repeat(20_000));
        TenantSecrets secrets = secrets(Map.of());
        assertThatThrownBy(() -> secrets.resolve("acme", "file:absent")).hasMessage(
                "credential file:absent is not available: no such file");
        assertThatThrownBy(() -> secrets.resolve("acme", "file:empty")).hasMessageContaining("empty");
        assertThatThrownBy(() -> secrets.resolve("acme", "file:huge")).hasMessageContaining("larger than a secret")
                .hasMessageNotContaining("xxxx");
        assertThatThrownBy(() -> new TenantSecrets(Optional.empty(), name -> null).resolve("acme", "file:absent"))
                .hasMessageContaining("no secrets directory");
    }
}
