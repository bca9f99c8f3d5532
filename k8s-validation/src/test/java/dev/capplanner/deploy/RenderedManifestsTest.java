package dev.capplanner.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every overlay (and the HPA alternative) renders, and every object it renders is schema-valid. */
class RenderedManifestsTest {

    static final KubernetesSchemas SCHEMAS = new KubernetesSchemas(Repository.k8s().resolve("schemas"));

    @ParameterizedTest
    @ValueSource(strings = {"overlays/dev", "overlays/prod", "autoscaling/hpa", "autoscaling/keda"})
    void everyRenderedObjectIsValidAgainstItsSchemaWithNoUnknownField(String directory) {
        List<Map<String, Object>> objects = Kustomization.render(Repository.k8s().resolve(directory));
        assertThat(objects).isNotEmpty();
        List<String> violations = new ArrayList<>();
        for (Map<String, Object> object : objects) {
            SCHEMAS.violations(object).forEach(v -> violations.add(Kustomization.kind(object) + "/"
                    + Kustomization.name(object) + " " + v));
        }
        assertThat(violations).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"overlays/dev", "overlays/prod"})
    void rendersAsKubectlKustomizeDoes(String directory) throws Exception {
        Assumptions.assumeTrue(kubectlAnswers(), "kubectl is not installed: the Java rendering is not compared "
                + "with kubectl kustomize on this machine");
        Path out = Files.createTempFile("kustomize-", ".yaml");
        Process kubectl = new ProcessBuilder("kubectl", "kustomize", Repository.k8s().resolve(directory).toString())
                .redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        assertThat(kubectl.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(kubectl.exitValue()).isZero();
        assertThat(sorted(Kustomization.read(out))).isEqualTo(sorted(Kustomization.render(Repository.k8s()
                .resolve(directory))));
        Files.delete(out);
    }

    private static List<Map<String, Object>> sorted(List<Map<String, Object>> objects) {
        return objects.stream().sorted(Comparator.comparing((Map<String, Object> o) -> Kustomization.kind(o))
                .thenComparing(Kustomization::name)).toList();
    }

    private static boolean kubectlAnswers() {
        try {
            Process version = new ProcessBuilder("kubectl", "version", "--client").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return version.waitFor(30, TimeUnit.SECONDS) && version.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
