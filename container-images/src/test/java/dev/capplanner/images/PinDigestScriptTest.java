package dev.capplanner.images;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ./build-images.sh --pin-prod-overlay: one image entry of the prod overlay pointed at a pushed digest, no other. */
class PinDigestScriptTest {

    static final Path HOME = Path.of(System.getProperty("capplanner.home", "..")).toAbsolutePath().normalize();
    static final String DIGEST = "sha256:" + "ab".repeat(32);

    @TempDir
    Path dir;

    @Test
    void theNamedEntryGetsTheNewNameAndDigestAndTheOthersStayAsTheyWere() throws Exception {
        Path kustomization = dir.resolve("kustomization.yaml");
        Files.copy(HOME.resolve("deploy/k8s/overlays/prod/kustomization.yaml"), kustomization);
        List<String> before = Files.readAllLines(kustomization);

        assertThat(run(kustomization, "capplanner/router-service", "registry.acme.io/cp/router-service", DIGEST)).isZero();

        List<String> after = Files.readAllLines(kustomization);
        int entry = after.indexOf("  - name: capplanner/router-service");
        assertThat(after.get(entry + 1)).isEqualTo("    newName: registry.acme.io/cp/router-service");
        assertThat(after.get(entry + 2)).isEqualTo("    digest: " + DIGEST);
        assertThat(after).hasSameSizeAs(before);
        for (int i = 0; i < after.size(); i++) {
            if (i != entry + 1 && i != entry + 2) {
                assertThat(after.get(i)).isEqualTo(before.get(i));
            }
        }
    }

    @Test
    void aValueThatIsNoDigestOrAnImageTheOverlayDoesNotNameChangesNothing() throws Exception {
        Path kustomization = dir.resolve("kustomization.yaml");
        Files.copy(HOME.resolve("deploy/k8s/overlays/prod/kustomization.yaml"), kustomization);
        String before = Files.readString(kustomization);
        assertThat(run(kustomization, "capplanner/router-service", "x/y", "latest")).isNotZero();
        assertThat(run(kustomization, "capplanner/unknown", "x/y", DIGEST)).isNotZero();
        assertThat(Files.readString(kustomization)).isEqualTo(before);
    }

    private int run(Path kustomization, String name, String newName, String digest) throws Exception {
        Process process = new ProcessBuilder("bash", HOME.resolve("scripts/images/pin-digest.sh").toString(),
                kustomization.toString(), name, newName, digest).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return process.exitValue();
    }
}
