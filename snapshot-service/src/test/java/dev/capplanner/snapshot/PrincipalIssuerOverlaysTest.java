package dev.capplanner.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.capplanner.snapshot.config.SnapshotConfig;
import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.config.EnvConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The overlays' issuer ConfigMaps bind as the snapshot service reads them (environment variables,
 * as Kubernetes passes them): a misspelt name would leave the issuer out and refuse every turn.
 */
class PrincipalIssuerOverlaysTest {

    private static final Path OVERLAYS = Path.of("../deploy/k8s/overlays");

    @Test
    void theProdOverlaysKeycloakRealmIsTheIssuerOfTenantAcme() throws Exception {
        SnapshotConfig.Issuer acme = principals("prod").issuers().get("acme");
        assertThat(acme.issuer()).isEqualTo("https://idp.example.com/realms/acme");
        assertThat(acme.publicKeyLocation()).endsWith("/protocol/openid-connect/certs");
        assertThat(acme.audience()).containsExactly("capplanner");
        assertThat(acme.tenants()).containsExactly("acme");
        assertThat(acme.maxLifetime()).contains(Duration.ofHours(1));
        assertThat(acme.claims().user()).isEqualTo("preferred_username");
        assertThat(acme.claims().roles()).isEqualTo("realm_access.roles");
        assertThat(acme.claims().project()).isEmpty();
        assertThat(principals("prod").trustAsserted()).isFalse();
    }

    @Test
    void theDevOverlaysChatBackendSpeaksForTheDemoTenantsWithAProjectClaim() throws Exception {
        SnapshotConfig.Issuer dev = principals("dev").issuers().get("dev");
        assertThat(dev.tenants()).containsExactly("acme", "globex");
        assertThat(dev.claims().project()).contains("project");
        assertThat(dev.claims().tenant()).isEqualTo("tenant");
        assertThat(principals("dev").trustAsserted()).isFalse();
    }

    private static SnapshotConfig.Principals principals(String overlay) throws Exception {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        @SuppressWarnings("unchecked")
        Map<String, String> data = (Map<String, String>) yaml.readValue(
                OVERLAYS.resolve(overlay).resolve("principal-issuers.yaml").toFile(), Map.class).get("data");
        @SuppressWarnings("unchecked")
        Map<String, String> base = (Map<String, String>) yaml.readValue(
                Path.of("../deploy/k8s/base/snapshot-service/configmap.yaml").toFile(), Map.class).get("data");
        Map<String, String> environment = new java.util.HashMap<>(base);
        environment.putAll(data);
        // Durations as Quarkus reads them ("30s"), which plain SmallRye Config does not.
        SmallRyeConfig config = new SmallRyeConfigBuilder().withMapping(SnapshotConfig.class)
                .withConverter(Duration.class, 200, new DurationConverter())
                .withSources(new EnvConfigSource(environment, 300)).build();
        return config.getConfigMapping(SnapshotConfig.class).principals();
    }

}
