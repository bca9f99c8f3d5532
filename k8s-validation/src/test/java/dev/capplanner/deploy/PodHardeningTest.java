package dev.capplanner.deploy;

import static dev.capplanner.deploy.Objects.at;
import static dev.capplanner.deploy.Objects.list;
import static dev.capplanner.deploy.Objects.named;
import static dev.capplanner.deploy.Objects.ofKind;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every pod runs locked down, sized, spread and disruption-budgeted; the namespace denies by default. */
class PodHardeningTest {

    static final List<Map<String, Object>> PROD = Kustomization.render(Repository.k8s().resolve("overlays/prod"));

    @Test
    void podsRunAsNonRootWithTheRuntimeDefaultSeccompProfileAndNoServiceAccountToken() {
        for (Map<String, Object> deployment : ofKind(PROD, "Deployment")) {
            Map<String, Object> pod = at(deployment, "spec.template.spec");
            assertThat((Boolean) at(pod, "securityContext.runAsNonRoot")).as(Kustomization.name(deployment)).isTrue();
            assertThat((String) at(pod, "securityContext.seccompProfile.type")).isEqualTo("RuntimeDefault");
            assertThat((Boolean) pod.get("automountServiceAccountToken")).isFalse();
            assertThat(pod.get("serviceAccountName")).isEqualTo(Kustomization.name(deployment));
        }
    }

    @Test
    void containersHaveAReadOnlyRootNoPrivilegeEscalationNoCapabilitiesAndSizedResources() {
        for (Map<String, Object> deployment : ofKind(PROD, "Deployment")) {
            for (Map<String, Object> container : list(deployment, "spec.template.spec.containers")) {
                String name = (String) container.get("name");
                assertThat((Boolean) at(container, "securityContext.readOnlyRootFilesystem")).as(name).isTrue();
                assertThat((Boolean) at(container, "securityContext.allowPrivilegeEscalation")).as(name).isFalse();
                assertThat(Objects.<List<String>>at(container, "securityContext.capabilities.drop")).as(name)
                        .containsExactly("ALL");
                for (String bound : List.of("requests", "limits")) {
                    assertThat(Objects.<Map<String, Object>>at(container, "resources." + bound))
                            .as(name + " " + bound).containsKeys("cpu", "memory");
                }
            }
        }
    }

    @Test
    void everyServiceHasADisruptionBudgetOfOneAndSpreadsOverZonesAndNodes() {
        for (Map<String, Object> deployment : ofKind(PROD, "Deployment")) {
            String name = Kustomization.name(deployment);
            assertThat((Integer) at(named(PROD, "PodDisruptionBudget", name), "spec.maxUnavailable")).isEqualTo(1);
            assertThat(list(deployment, "spec.template.spec.topologySpreadConstraints"))
                    .extracting(c -> c.get("topologyKey"))
                    .containsExactlyInAnyOrder("topology.kubernetes.io/zone", "kubernetes.io/hostname");
        }
    }

    @Test
    void theNamespaceDeniesAllTrafficUnlessAPolicyAllowsIt() {
        Map<String, Object> deny = named(PROD, "NetworkPolicy", "default-deny");
        assertThat((Map<?, ?>) at(deny, "spec.podSelector")).isEmpty();
        assertThat(Objects.<List<String>>at(deny, "spec.policyTypes")).containsExactlyInAnyOrder("Ingress", "Egress");
        assertThat((Object) at(deny, "spec.ingress")).isNull();
        assertThat((Object) at(deny, "spec.egress")).isNull();
    }

    @Test
    void onlyTheSourcesTheModelsAndTheTokenChecksAreReachedOutsideTheClusterNeverItsPrivateOrMetadataRanges() {
        List<Object> external = ofKind(PROD, "NetworkPolicy").stream()
                .filter(policy -> list(policy, "spec.egress").stream()
                        .anyMatch(rule -> list(rule, "to").stream().anyMatch(peer -> peer.containsKey("ipBlock"))))
                .map(policy -> Objects.<Map<String, Object>>at(policy, "spec.podSelector.matchLabels")
                        .get("app.kubernetes.io/name"))
                .map(Object.class::cast)
                .toList();
        // The executor calls the sources and the snapshot service reads them; the LLM router and planner reach
        // their model; the report service, the snapshot service and the turn gateway fetch identity providers'
        // signing keys (HTTPS), to verify analysts' and turns' tokens.
        assertThat(external).containsExactlyInAnyOrder("executor-service", "router-service", "planner-service",
                "shadow-report-service", "snapshot-service", "snapshot-service", "turn-gateway");
        for (Map<String, Object> policy : ofKind(PROD, "NetworkPolicy")) {
            for (Map<String, Object> rule : list(policy, "spec.egress")) {
                for (Map<String, Object> peer : list(rule, "to")) {
                    if (peer.containsKey("ipBlock") && "0.0.0.0/0".equals(Objects.at(peer, "ipBlock.cidr"))) {
                        assertThat(Objects.<List<String>>at(peer, "ipBlock.except"))
                                .as(Objects.at(policy, "metadata.name") + ": private, link-local (cloud metadata) and CGNAT ranges")
                                .contains("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16", "100.64.0.0/10");
                    }
                }
            }
        }
        for (String policy : List.of("shadow-report-service-identity-provider", "snapshot-service-identity-providers")) {
            Map<String, Object> identityProvider = ofKind(PROD, "NetworkPolicy").stream()
                    .filter(p -> policy.equals(Objects.at(p, "metadata.name"))).findFirst().orElseThrow();
            assertThat(list(identityProvider, "spec.egress")).as(policy).singleElement()
                    .satisfies(rule -> assertThat(list(rule, "ports")).extracting(port -> port.get("port"))
                            .containsExactly(443));
        }
    }
}
