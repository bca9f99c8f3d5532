package dev.capplanner.deploy;

import static dev.capplanner.deploy.Objects.at;
import static dev.capplanner.deploy.Objects.list;
import static dev.capplanner.deploy.Objects.named;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Identity as the manifests wire it: the chat backend's Kafka user may only publish turns and read
 * completions, no overlay trusts asserted principals, the services that verify principal tokens all
 * read the issuers, the snapshot service knows its callers' keys and each caller mounts its own, the
 * analysts' tokens must name their audience, and production serves no Swagger UI.
 */
class IdentityManifestsTest {

    static final List<String> VERIFIERS = List.of("snapshot-service", "router-service", "executor-service");
    static final List<String> CALLERS = List.of("router-service", "planner-service", "executor-service");

    @Test
    void theChatBackendMayPublishTurnsAndReadCompletionsAndNothingElse() {
        List<Map<String, Object>> acls = list(named(ManifestConsistencyTest.BASE, "KafkaUser", "chat-backend"),
                "spec.authorization.acls");
        assertThat(acls).extracting(acl -> at(acl, "resource.type") + " " + at(acl, "resource.name") + " "
                + acl.get("operations")).containsExactlyInAnyOrder(
                "topic capplanner.turn.requested.v1 [Describe, Write]",
                "topic capplanner.turn.completed.v1 [Describe, Read]",
                "group chat-backend [Describe, Read]");
    }

    @Test
    void noOverlayTrustsAssertedPrincipalsAndEveryVerifierReadsTheIssuers() {
        for (List<Map<String, Object>> overlay : List.of(ManifestConsistencyTest.PROD, ManifestConsistencyTest.DEV)) {
            for (String service : VERIFIERS) {
                assertThat((String) at(named(overlay, "ConfigMap", service), "data.CAPPLANNER_PRINCIPALS_TRUST_ASSERTED"))
                        .as(service).isEqualTo("false");
                assertThat(envFromConfigMaps(overlay, service)).as(service).contains("capplanner-principal-issuers");
            }
            Map<String, Object> issuers = at(named(overlay, "ConfigMap", "capplanner-principal-issuers"), "data");
            assertThat(issuers.keySet()).noneMatch(key -> key.contains("TRUST_ASSERTED"));
            assertThat(issuers.keySet()).anyMatch(key -> key.endsWith("_TENANTS"))
                    .anyMatch(key -> key.endsWith("_AUDIENCE")).anyMatch(key -> key.endsWith("_MAX_LIFETIME"));
        }
    }

    @Test
    void eachCallerMountsItsOwnKeyAndTheSnapshotServiceKnowsTheirPublicKeys() {
        for (String service : CALLERS) {
            List<Map<String, Object>> volumes = list(named(ManifestConsistencyTest.PROD, "Deployment", service),
                    "spec.template.spec.volumes");
            assertThat(volumes).extracting(volume -> (String) at(volume, "secret.secretName"))
                    .as(service + " mounts its own key only").contains("capplanner-" + service + "-key")
                    .noneMatch(secret -> secret != null && secret.endsWith("-key") && !secret.equals("capplanner-"
                            + service + "-key"));
            Map<String, Object> snapshot = at(named(ManifestConsistencyTest.PROD, "ConfigMap", "snapshot-service"), "data");
            assertThat(snapshot).containsKey("CAPPLANNER_SERVICE_CALLERS_" + service.toUpperCase().replace('-', '_')
                    + "_PUBLIC_KEY_LOCATION");
        }
    }

    @Test
    void analystTokensMustNameTheirAudienceAndProductionServesNoSwaggerUi() {
        assertThat((String) at(named(ManifestConsistencyTest.PROD, "ConfigMap", "shadow-report-service"),
                "data.MP_JWT_VERIFY_AUDIENCES")).isNotBlank();
        assertThat((String) at(named(ManifestConsistencyTest.PROD, "ConfigMap", "shadow-report-service"),
                "data.QUARKUS_SWAGGER_UI_ENABLE")).isEqualTo("false");
    }

    private static List<String> envFromConfigMaps(List<Map<String, Object>> objects, String service) {
        Map<String, Object> container = list(named(objects, "Deployment", service), "spec.template.spec.containers")
                .stream().filter(c -> service.equals(c.get("name"))).findFirst().orElseThrow();
        return list(container, "envFrom").stream().map(from -> (String) at(from, "configMapRef.name")).toList();
    }
}
