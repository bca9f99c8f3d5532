package dev.capplanner.deploy;

import static dev.capplanner.deploy.Objects.at;
import static dev.capplanner.deploy.Objects.list;
import static dev.capplanner.deploy.Objects.named;
import static dev.capplanner.deploy.Objects.ofKind;
import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.Topics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The manifests agree with the services they deploy: names, images, topics, groups, ports, Secrets. */
class ManifestConsistencyTest {

    static final List<Map<String, Object>> BASE = Kustomization.render(Repository.k8s().resolve("base"));
    static final List<Map<String, Object>> PROD = Kustomization.render(Repository.k8s().resolve("overlays/prod"));
    static final List<Map<String, Object>> DEV = Kustomization.render(Repository.k8s().resolve("overlays/dev"));
    static final List<Map<String, Object>> KEDA = Kustomization.render(Repository.k8s().resolve("autoscaling/keda"));
    static final List<Map<String, Object>> HPA = Kustomization.render(Repository.k8s().resolve("autoscaling/hpa"));
    static final String GATEWAY = "turn-gateway";

    @Test
    void everyDeploymentIsAServiceModuleOfTheSameApplicationName() {
        assertThat(deployments()).containsExactlyInAnyOrder("snapshot-service", "router-service", "planner-service",
                "executor-service", "shadow-report-service", GATEWAY);
        for (String service : deployments()) {
            assertThat(ServiceFacts.of(service).applicationName()).as(service).isEqualTo(service);
        }
    }

    @Test
    void imagesAreNamedAfterTheirModuleWithTheProjectVersionAndHaveADockerfile() throws IOException {
        String version = projectVersion().replace("-SNAPSHOT", "");
        for (String service : deployments()) {
            assertThat(image(BASE, service)).isEqualTo("capplanner/" + service + ":" + version);
            assertThat(image(PROD, service)).as("production pulls by digest (./build-images.sh --pin-prod-overlay)")
                    .matches("[a-z0-9.:-]+(/[a-z0-9._-]+)*/" + service + "@sha256:[0-9a-f]{64}");
            Path dockerfile = Repository.home().resolve(service).resolve("src/main/docker/Dockerfile.jvm");
            assertThat(dockerfile).as(service + " image definition").exists();
            String docker = Files.readString(dockerfile);
            assertThat(docker).contains("USER 185").contains("EXPOSE 8080")
                    .contains("capplanner/" + service + ":" + version);
            assertThat((Integer) at(named(BASE, "Deployment", service), "spec.template.spec.securityContext.runAsUser"))
                    .as("the image's user").isEqualTo(185);
        }
    }

    @Test
    void prodKafkaClientSettingsAreMountedWhereQuarkusReadsConfigFiles() throws IOException {
        for (String service : deployments()) {
            String docker = Files.readString(Repository.home().resolve(service).resolve("src/main/docker/Dockerfile.jvm"));
            assertThat(docker).as(service + " works where config/ is looked up").contains("WORKDIR /deployments");
            Map<String, Object> deployment = named(PROD, "Deployment", service);
            String volume = list(deployment, "spec.template.spec.volumes").stream()
                    .filter(v -> "capplanner-kafka-client".equals(at(v, "configMap.name")))
                    .map(v -> (String) v.get("name")).findFirst().orElseThrow();
            assertThat(list(container(PROD, service), "volumeMounts")).as(service)
                    .anySatisfy(mount -> {
                        assertThat(mount.get("name")).isEqualTo(volume);
                        assertThat(mount.get("mountPath")).isEqualTo("/deployments/config");
                    });
        }
        Map<String, Object> data = at(named(PROD, "ConfigMap", "capplanner-kafka-client"), "data");
        assertThat((String) data.get("application.properties")).contains("kafka.security.protocol=SASL_SSL")
                .contains("kafka.sasl.jaas.config=${KAFKA_SASL_JAAS_CONFIG}");
    }

    @Test
    void kafkaTopicsAreExactlyTheEventTopicsAndEveryServicesDeadLetterTopic() {
        Set<String> expected = new HashSet<>();
        Arrays.stream(EventType.values()).forEach(type -> expected.add(type.topic()));
        stages().forEach(service -> expected.add(ServiceFacts.of(service).deadLetterTopic()));
        List<String> declared = ofKind(BASE, "KafkaTopic").stream().map(t -> (String) at(t, "spec.topicName")).toList();
        assertThat(declared).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    void everyOverlayCreatesEachTopicWithTheSettingsTheContractGivesIt() {
        for (List<Map<String, Object>> rendered : List.of(BASE, DEV, PROD)) {
            for (Map<String, Object> topic : ofKind(rendered, "KafkaTopic")) {
                String name = at(topic, "spec.topicName");
                Map<String, Object> config = at(topic, "spec.config");
                assertThat(config).as(name).containsAllEntriesOf(Topics.configOf(name));
            }
        }
        assertThat(Topics.CHAT_BACKEND_TOPICS).allSatisfy(topic -> assertThat(Topics.configOf(topic))
                .as("a chat backend's topics in a codec kafkajs reads").containsEntry("compression.type", "gzip"));
    }

    @Test
    void theTurnGatewayWritesTurnsAndReadsWhatATurnPassesWithoutAGroupAndScalesOnCpu() {
        List<Map<String, Object>> acls = list(named(BASE, "KafkaUser", GATEWAY), "spec.authorization.acls");
        assertThat(acls).extracting(acl -> at(acl, "resource.type") + " " + at(acl, "resource.name") + " "
                + acl.get("operations")).containsExactlyInAnyOrder(
                "topic capplanner.turn.requested.v1 [Describe, Write]",
                "topic capplanner.snapshot.built.v1 [Describe, Read]",
                "topic capplanner.route.selected.v1 [Describe, Read]",
                "topic capplanner.plan.proposed.v1 [Describe, Read]",
                "topic capplanner.actions.executed.v1 [Describe, Read]",
                "topic capplanner.turn.completed.v1 [Describe, Read]");
        assertThat(ServiceFacts.of(GATEWAY).consumedTopics()).as("no consumer group: the feed assigns partitions").isEmpty();
        assertThat(list(named(KEDA, "ScaledObject", GATEWAY), "spec.triggers")).extracting(trigger -> trigger.get("type"))
                .containsExactly("cpu");
        assertThat((String) at(named(HPA, "HorizontalPodAutoscaler", GATEWAY), "spec.scaleTargetRef.name")).isEqualTo(GATEWAY);
    }

    @Test
    void lagScalingWatchesTheTopicAndGroupEachServiceConsumes() {
        for (String service : stages()) {
            ServiceFacts facts = ServiceFacts.of(service);
            List<Map<String, Object>> triggers = list(named(KEDA, "ScaledObject", service), "spec.triggers");
            assertThat(triggers).as(service + ": one lag trigger per consumed topic")
                    .extracting(trigger -> (String) at(trigger, "metadata.topic"))
                    .containsExactlyInAnyOrderElementsOf(facts.consumedTopics());
            assertThat(triggers).extracting(trigger -> (String) at(trigger, "metadata.consumerGroup")).as(service)
                    .containsOnly(facts.applicationName());
        }
    }

    @Test
    void noScalerAddsMoreReplicasThanTheConsumedTopicHasPartitions() {
        for (String service : stages()) {
            int partitions = ServiceFacts.of(service).consumedTopics().stream().mapToInt(topic -> partitions(topic))
                    .min().orElseThrow();
            assertThat((Integer) at(named(KEDA, "ScaledObject", service), "spec.maxReplicaCount")).as(service)
                    .isLessThanOrEqualTo(partitions);
            assertThat((Integer) at(named(HPA, "HorizontalPodAutoscaler", service), "spec.maxReplicas")).as(service)
                    .isLessThanOrEqualTo(partitions);
        }
    }

    @Test
    void eachServicesKafkaUserMayReadItsTopicsAndGroupAndWriteItsDeadLetters() {
        for (String service : stages()) {
            ServiceFacts facts = ServiceFacts.of(service);
            List<Map<String, Object>> acls = list(named(BASE, "KafkaUser", service), "spec.authorization.acls");
            for (String topic : facts.consumedTopics()) {
                assertThat(allows(acls, "topic", topic, "Read")).as(service + " reads " + topic).isTrue();
            }
            assertThat(allows(acls, "group", facts.applicationName(), "Read")).as(service).isTrue();
            assertThat(allows(acls, "topic", facts.deadLetterTopic(), "Write")).as(service).isTrue();
            assertThat(acls).as(service + " reads no other topic").filteredOn(acl -> "topic".equals(at(acl,
                    "resource.type")) && ((List<?>) acl.get("operations")).contains("Read"))
                    .hasSize(facts.consumedTopics().size());
        }
    }

    @Test
    void probesAndMetricsUseTheManagementInterfaceWhichMonitoringAloneReaches() throws IOException {
        assertThat(Files.readString(Repository.home().resolve("event-bus/pom.xml")))
                .as("every service gets the health endpoints through event-bus").contains("quarkus-smallrye-health");
        for (String service : deployments()) {
            assertThat(Files.readString(Repository.home().resolve(service).resolve("pom.xml"))).as(service)
                    .contains("<artifactId>event-bus</artifactId>");
            assertThat(Files.readString(Repository.home().resolve(service)
                    .resolve("src/main/resources/application.properties")))
                    .as(service + " builds with the management interface (a build-time property)")
                    .containsPattern("(?m)^quarkus\\.management\\.enabled=true$");
            Map<String, Object> container = container(BASE, service);
            assertThat((String) at(container, "startupProbe.httpGet.path")).isEqualTo("/q/health/started");
            assertThat((String) at(container, "livenessProbe.httpGet.path")).isEqualTo("/q/health/live");
            assertThat((String) at(container, "readinessProbe.httpGet.path")).isEqualTo("/q/health/ready");
            for (String probe : List.of("startupProbe", "livenessProbe", "readinessProbe")) {
                assertThat((Object) at(container, probe + ".httpGet.port")).as(service + " " + probe).isEqualTo("management");
            }
            Map<String, Object> config = named(BASE, "ConfigMap", service);
            Map<String, String> ports = new HashMap<>();
            list(container, "ports").forEach(port -> ports.put((String) port.get("name"),
                    String.valueOf(port.get("containerPort"))));
            assertThat(ports).as(service).containsExactlyInAnyOrderEntriesOf(Map.of(
                    "http", at(config, "data.QUARKUS_HTTP_PORT"), "management", at(config, "data.QUARKUS_MANAGEMENT_PORT")));
            Map<String, Object> annotations = at(named(BASE, "Deployment", service), "spec.template.metadata.annotations");
            assertThat(annotations).as(service + ": Prometheus scrapes the management port")
                    .containsEntry("prometheus.io/port", ports.get("management"));
        }
        Map<String, Object> monitoring = named(BASE, "NetworkPolicy", "capplanner-metrics-ingress");
        assertThat(list(monitoring, "spec.ingress")).singleElement().satisfies(rule ->
                assertThat(list(rule, "ports")).as("the monitoring namespace reaches the management port only")
                        .singleElement().satisfies(port -> assertThat(port.get("port")).isEqualTo(9000)));
    }

    @Test
    void terminationGraceCoversTheGracefulShutdownAndThePreStopPause() {
        for (String service : deployments()) {
            int shutdown = Integer.parseInt(((String) at(named(BASE, "ConfigMap", service),
                    "data.QUARKUS_SHUTDOWN_TIMEOUT")).replace("s", ""));
            int pause = at(container(BASE, service), "lifecycle.preStop.sleep.seconds");
            assertThat((Integer) at(named(BASE, "Deployment", service), "spec.template.spec.terminationGracePeriodSeconds"))
                    .as(service).isGreaterThan(shutdown + pause);
        }
    }

    @Test
    void everySecretKeyTheManifestsReadIsDocumentedInTheRunbook() throws IOException {
        String runbook = Files.readString(Repository.home().resolve("docs/sre-runbook.md"));
        Set<String> references = new HashSet<>();
        for (List<Map<String, Object>> rendering : List.of(BASE, PROD, DEV, KEDA)) {
            secretReferences(rendering, references);
        }
        assertThat(references).isNotEmpty();
        for (String reference : references) {
            String[] nameAndKey = reference.split("/", 2);
            assertThat(runbook.lines().anyMatch(line -> line.contains("`" + nameAndKey[0] + "`")
                    && line.contains("`" + nameAndKey[1] + "`"))).as("runbook documents Secret " + reference).isTrue();
        }
    }

    private static void secretReferences(List<Map<String, Object>> objects, Set<String> references) {
        for (Map<String, Object> deployment : ofKind(objects, "Deployment")) {
            for (Map<String, Object> container : list(deployment, "spec.template.spec.containers")) {
                for (Map<String, Object> env : list(container, "env")) {
                    Map<String, Object> ref = at(env, "valueFrom.secretKeyRef");
                    if (ref != null) {
                        references.add(ref.get("name") + "/" + ref.get("key"));
                    }
                }
            }
            for (Map<String, Object> volume : list(deployment, "spec.template.spec.volumes")) {
                String secret = at(volume, "secret.secretName");
                if (secret != null) {
                    list(volume, "secret.items").forEach(item -> references.add(secret + "/" + item.get("key")));
                }
            }
        }
        for (Map<String, Object> auth : ofKind(objects, "TriggerAuthentication")) {
            list(auth, "spec.secretTargetRef").forEach(ref -> references.add(ref.get("name") + "/" + ref.get("key")));
        }
    }

    private static boolean allows(List<Map<String, Object>> acls, String type, String name, String operation) {
        return acls.stream().anyMatch(acl -> type.equals(at(acl, "resource.type")) && name.equals(at(acl, "resource.name"))
                && ((List<?>) acl.get("operations")).contains(operation));
    }

    private static int partitions(String topic) {
        return ofKind(BASE, "KafkaTopic").stream().filter(t -> topic.equals(at(t, "spec.topicName")))
                .map(t -> (Integer) at(t, "spec.partitions")).findFirst()
                .orElseThrow(() -> new AssertionError("no KafkaTopic for " + topic));
    }

    private static List<String> deployments() {
        return ofKind(BASE, "Deployment").stream().map(Kustomization::name).toList();
    }

    /** The services that consume in a consumer group of their own name: every deployment but the gateway. */
    private static List<String> stages() {
        return deployments().stream().filter(name -> !GATEWAY.equals(name)).toList();
    }

    private static Map<String, Object> container(List<Map<String, Object>> objects, String service) {
        return list(named(objects, "Deployment", service), "spec.template.spec.containers").stream()
                .filter(c -> service.equals(c.get("name"))).findFirst().orElseThrow();
    }

    private static String image(List<Map<String, Object>> objects, String service) {
        return (String) container(objects, service).get("image");
    }

    private static String projectVersion() throws IOException {
        Matcher version = Pattern.compile("<artifactId>capability-planner-parent</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(Files.readString(Repository.home().resolve("pom.xml")));
        assertThat(version.find()).isTrue();
        return version.group(1);
    }

    static List<String> services() {
        return new ArrayList<>(deployments());
    }
}
