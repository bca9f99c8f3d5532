package dev.capplanner.deploy;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.json.schema.Draft;
import io.vertx.json.schema.JsonSchema;
import io.vertx.json.schema.JsonSchemaOptions;
import io.vertx.json.schema.OutputFormat;
import io.vertx.json.schema.OutputUnit;
import io.vertx.json.schema.SchemaRepository;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Validates objects against the Kubernetes 1.35 schemas and the KEDA, Strimzi and Prometheus Operator CRD
 * schemas that deploy/k8s/schemas carries, strictly: every object schema that lists its properties and does
 * not preserve unknown fields rejects any other field, as the API server's strict field validation does.
 */
final class KubernetesSchemas {

    private static final String BASE = "https://capplanner.dev/k8s/";
    private static final Map<String, String> KUBERNETES_KINDS = Map.of(
            "v1/ConfigMap", "io.k8s.api.core.v1.ConfigMap",
            "v1/Service", "io.k8s.api.core.v1.Service",
            "v1/ServiceAccount", "io.k8s.api.core.v1.ServiceAccount",
            "v1/Secret", "io.k8s.api.core.v1.Secret",
            "apps/v1/Deployment", "io.k8s.api.apps.v1.Deployment",
            "policy/v1/PodDisruptionBudget", "io.k8s.api.policy.v1.PodDisruptionBudget",
            "networking.k8s.io/v1/NetworkPolicy", "io.k8s.api.networking.v1.NetworkPolicy",
            "networking.k8s.io/v1/Ingress", "io.k8s.api.networking.v1.Ingress",
            "autoscaling/v2/HorizontalPodAutoscaler", "io.k8s.api.autoscaling.v2.HorizontalPodAutoscaler");
    private static final Map<String, String> CUSTOM_KINDS = Map.of(
            "keda.sh/v1alpha1/ScaledObject", "scaledobject_v1alpha1.json",
            "keda.sh/v1alpha1/TriggerAuthentication", "triggerauthentication_v1alpha1.json",
            "kafka.strimzi.io/v1/KafkaTopic", "kafkatopic_v1.json",
            "kafka.strimzi.io/v1/KafkaUser", "kafkauser_v1.json",
            "monitoring.coreos.com/v1/PodMonitor", "podmonitor_v1.json",
            "monitoring.coreos.com/v1/PrometheusRule", "prometheusrule_v1.json");

    private final SchemaRepository repository = SchemaRepository.create(new JsonSchemaOptions()
            .setDraft(Draft.DRAFT202012).setBaseUri(BASE).setOutputFormat(OutputFormat.Basic));

    KubernetesSchemas(Path schemas) {
        JsonObject kubernetes = strict(read(schemas.resolve("kubernetes-1.35.json")));
        repository.dereference(BASE + "kubernetes.json", JsonSchema.of(kubernetes));
        CUSTOM_KINDS.forEach((kind, file) -> repository.dereference(BASE + file,
                JsonSchema.of(strict(read(schemas.resolve("crds").resolve(file))))));
    }

    /** The violations of one object, each with its location; empty when valid. */
    List<String> violations(Map<String, Object> object) {
        String key = object.get("apiVersion") + "/" + object.get("kind");
        String uri = KUBERNETES_KINDS.containsKey(key) ? BASE + "kubernetes.json#/$defs/" + KUBERNETES_KINDS.get(key)
                : CUSTOM_KINDS.containsKey(key) ? BASE + CUSTOM_KINDS.get(key) : null;
        if (uri == null) {
            return List.of("no schema for " + key);
        }
        OutputUnit result = repository.validator(uri).validate(new JsonObject(object));
        if (Boolean.TRUE.equals(result.getValid())) {
            return List.of();
        }
        List<OutputUnit> errors = result.getErrors() == null || result.getErrors().isEmpty() ? List.of(result)
                : result.getErrors();
        return errors.stream().map(e -> e.getInstanceLocation() + ": " + e.getError()).distinct().toList();
    }

    /** Unknown fields are errors wherever a schema lists its properties and keeps no unknown fields. */
    static JsonObject strict(JsonObject schema) {
        if (schema.containsKey("properties") && !schema.containsKey("additionalProperties")
                && !Boolean.TRUE.equals(schema.getValue("x-kubernetes-preserve-unknown-fields"))) {
            schema.put("additionalProperties", false);
        }
        schema.forEach(entry -> strictValue(entry.getValue()));
        return schema;
    }

    private static void strictValue(Object value) {
        if (value instanceof JsonObject object) {
            strict(object);
        } else if (value instanceof JsonArray array) {
            array.forEach(KubernetesSchemas::strictValue);
        }
    }

    private static JsonObject read(Path file) {
        try {
            return new JsonObject(Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read schema " + file, e);
        }
    }
}
