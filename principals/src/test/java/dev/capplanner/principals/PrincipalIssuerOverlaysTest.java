package dev.capplanner.principals;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.capplanner.principals.config.PrincipalsConfig;
import dev.capplanner.principals.config.ServiceCallersConfig;
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
        PrincipalsConfig.Issuer acme = principals("prod").issuers().get("acme");
        assertThat(acme.issuer()).isEqualTo("https://idp.example.com/realms/acme");
        assertThat(acme.publicKeyLocation()).endsWith("/protocol/openid-connect/certs");
        assertThat(acme.audience()).containsExactly("capplanner");
        assertThat(acme.tenants()).containsExactly("acme");
        assertThat(acme.maxLifetime()).isEqualTo(Duration.ofMinutes(15));
        assertThat(acme.claims().user()).isEqualTo("sub");
        assertThat(acme.claims().roles()).isEqualTo("realm_access.roles");
        assertThat(acme.claims().project()).isEmpty();
        assertThat(principals("prod").trustAsserted()).isFalse();
    }

    @Test
    void theDevOverlaysChatBackendSpeaksForTheDemoTenantsWithAProjectClaim() throws Exception {
        PrincipalsConfig.Issuer dev = principals("dev").issuers().get("dev");
        assertThat(dev.tenants()).containsExactly("acme", "globex");
        assertThat(dev.claims().project()).contains("project");
        assertThat(dev.claims().tenant()).isEqualTo("tenant");
        assertThat(principals("dev").trustAsserted()).isFalse();
    }

    @Test
    void theSnapshotServiceConfigMapNamesEachCallersPublicKey() throws Exception {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        @SuppressWarnings("unchecked")
        Map<String, String> base = (Map<String, String>) yaml.readValue(
                Path.of("../deploy/k8s/base/snapshot-service/configmap.yaml").toFile(), Map.class).get("data");
        Map<String, String> environment = new java.util.HashMap<>(base);
        environment.keySet().removeIf(name -> !name.startsWith("CAPPLANNER_SERVICE_CALLERS"));
        SmallRyeConfig config = new SmallRyeConfigBuilder().withMapping(ServiceCallersConfig.class)
                .withSources(new EnvConfigSource(environment, 300))
                // The snapshot service's own defaults (its scopes per caller), as it reads them.
                .withSources(new io.smallrye.config.PropertiesConfigSource(
                        Path.of("../snapshot-service/src/main/resources/application.properties").toUri().toURL(), 100))
                .build();
        Map<String, ServiceCallersConfig.Caller> callers = config.getConfigMapping(ServiceCallersConfig.class).callers();
        assertThat(callers.keySet()).containsExactlyInAnyOrder("router-service", "planner-service", "executor-service");
        assertThat(callers.get("router-service").publicKeyLocation())
                .contains("/etc/capplanner/service-callers/router-service.pem");
        assertThat(callers.get("executor-service").scopes().orElseThrow()).containsExactly("snapshots:read",
                "authorizations", "targets:read");
    }

    private static PrincipalsConfig principals(String overlay) throws Exception {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        @SuppressWarnings("unchecked")
        Map<String, String> data = (Map<String, String>) yaml.readValue(
                OVERLAYS.resolve(overlay).resolve("principal-issuers.yaml").toFile(), Map.class).get("data");
        @SuppressWarnings("unchecked")
        Map<String, String> base = (Map<String, String>) yaml.readValue(
                Path.of("../deploy/k8s/base/snapshot-service/configmap.yaml").toFile(), Map.class).get("data");
        // Only what this mapping reads: the rest of the service's ConfigMap is another mapping's.
        base.keySet().removeIf(name -> !name.startsWith("CAPPLANNER_PRINCIPALS_"));
        Map<String, String> environment = new java.util.HashMap<>(base);
        environment.putAll(data);
        // Durations as Quarkus reads them ("30s"), which plain SmallRye Config does not.
        SmallRyeConfig config = new SmallRyeConfigBuilder().withMapping(PrincipalsConfig.class)
                .withConverter(Duration.class, 200, new DurationConverter())
                .withSources(new EnvConfigSource(environment, 300)).build();
        return config.getConfigMapping(PrincipalsConfig.class);
    }

}
