package dev.capplanner.images;

import com.google.cloud.tools.jib.api.Containerizer;
import com.google.cloud.tools.jib.api.ImageReference;
import com.google.cloud.tools.jib.api.Jib;
import com.google.cloud.tools.jib.api.JibContainer;
import com.google.cloud.tools.jib.api.RegistryImage;
import com.google.cloud.tools.jib.api.TarImage;
import com.google.cloud.tools.jib.api.buildplan.AbsoluteUnixPath;
import com.google.cloud.tools.jib.api.buildplan.FileEntriesLayer;
import com.google.cloud.tools.jib.api.buildplan.FilePermissions;
import com.google.cloud.tools.jib.api.buildplan.ImageFormat;
import com.google.cloud.tools.jib.api.buildplan.Port;
import com.google.cloud.tools.jib.frontend.CredentialRetrieverFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * One service's image, built by Jib without a daemon: the base (a registry image, or a {@code tar://}
 * base of {@link BaseImage}), then the Quarkus fast-jar layout in three layers from the least to the most
 * often changed (dependencies, Quarkus's generated files, the application), owned by the non-root user,
 * and the service's CycloneDX SBOM at {@value #SBOM} (with, for a base the build assembled, its packages at
 * {@value #RUNTIME_PACKAGES}). The JVM runs with the production flags the local
 * stack's {@code --jvm production} spells out (heap a share of the pod's memory limit, parallel collector).
 */
public final class ServiceImage {

    static final String DEPLOYMENTS = "/deployments";
    static final String SBOM = DEPLOYMENTS + "/sbom/bom.cdx.json";
    /** The base's operating-system packages, when the build assembled it (name, version, architecture a line). */
    static final String RUNTIME_PACKAGES = DEPLOYMENTS + "/sbom/runtime-packages.txt";
    /** What each pod runs: the same flags as JvmProfile.PRODUCTION, the heap as JAVA_MAX_MEM_RATIO (75 %) gave it. */
    static final List<String> JVM_FLAGS = List.of("-XX:MaxRAMPercentage=75", "-XX:+UseParallelGC",
            "-XX:MinHeapFreeRatio=10", "-XX:MaxHeapFreeRatio=20", "-XX:GCTimeRatio=4", "-XX:AdaptiveSizePolicyWeight=90",
            "-XX:+ExitOnOutOfMemoryError", "-XX:-DontCompileHugeMethods", "-Dquarkus.http.host=0.0.0.0",
            "-Djava.util.logging.manager=org.jboss.logmanager.LogManager");
    private static final String OWNER = BaseImage.USER + ":" + BaseImage.USER;
    /** Reproducible: the same inputs give the same digest. */
    private static final Instant EPOCH = Instant.ofEpochSecond(1);

    /** Where the image goes: a tarball ({@code docker load}, {@code crane push}, {@code skopeo copy}) or a registry. */
    public sealed interface Target permits ToTar, ToRegistry {
    }

    public record ToTar(Path file) implements Target {
    }

    public record ToRegistry() implements Target {
    }

    /**
     * @param app     the service's {@code target/quarkus-app}
     * @param sbom    its CycloneDX SBOM ({@code target/bom.json}): the Java dependencies
     * @param runtimePackages the packages the base was assembled from, or null (a registry base has its own)
     * @param base    {@code tar://FILE} or a registry reference, best pinned by digest
     * @param image   the image's name ({@code registry.example.com/capplanner/router-service:0.1.0})
     * @return the image's digest ({@code sha256:...})
     */
    public static String build(Path app, Path sbom, Path runtimePackages, String base, String image, Target target)
            throws Exception {
        if (!Files.isRegularFile(app.resolve("quarkus-run.jar"))) {
            throw new IllegalArgumentException(app + " is not a Quarkus fast-jar directory (no quarkus-run.jar): package"
                    + " the service first");
        }
        if (!Files.isRegularFile(sbom)) {
            throw new IllegalArgumentException("no SBOM at " + sbom);
        }
        List<String> entrypoint = new ArrayList<>(List.of("java"));
        entrypoint.addAll(JVM_FLAGS);
        entrypoint.addAll(List.of("-jar", DEPLOYMENTS + "/quarkus-run.jar"));
        FileEntriesLayer.Builder bill = FileEntriesLayer.builder().setName("sbom")
                .addEntry(sbom, AbsoluteUnixPath.get(SBOM), FilePermissions.DEFAULT_FILE_PERMISSIONS, EPOCH, OWNER);
        if (runtimePackages != null) {
            bill.addEntry(runtimePackages, AbsoluteUnixPath.get(RUNTIME_PACKAGES), FilePermissions.DEFAULT_FILE_PERMISSIONS,
                    EPOCH, OWNER);
        }
        JibContainer container = Jib.from(base)
                .addFileEntriesLayer(layer("dependencies", app, List.of("lib")))
                .addFileEntriesLayer(layer("quarkus", app, List.of("quarkus", "quarkus-run.jar")))
                .addFileEntriesLayer(layer("application", app, List.of("app")))
                .addFileEntriesLayer(bill.build())
                .setEntrypoint(entrypoint)
                .setUser(BaseImage.USER)
                .setWorkingDirectory(AbsoluteUnixPath.get(DEPLOYMENTS))
                .setExposedPorts(Set.of(Port.tcp(8080), Port.tcp(9000)))
                .setLabels(Map.of("org.opencontainers.image.title", ImageReference.parse(image).getRepository(),
                        "dev.capplanner.sbom", SBOM))
                .setCreationTime(EPOCH)
                .setFormat(ImageFormat.OCI)
                .containerize(containerizer(image, target));
        return container.getDigest().toString();
    }

    private static Containerizer containerizer(String image, Target target) throws Exception {
        ImageReference reference = ImageReference.parse(image);
        if (target instanceof ToTar tar) {
            return Containerizer.to(TarImage.at(tar.file()).named(reference));
        }
        // Registry credentials as docker and its helpers keep them (docker login, a credential helper).
        CredentialRetrieverFactory credentials = CredentialRetrieverFactory.forImage(reference, event -> { });
        return Containerizer.to(RegistryImage.named(reference)
                .addCredentialRetriever(credentials.dockerConfig())
                .addCredentialRetriever(credentials.wellKnownCredentialHelpers()));
    }

    /** The named entries of the fast-jar directory, recursively, under /deployments, owned by the service's user. */
    private static FileEntriesLayer layer(String name, Path app, List<String> entries) throws IOException {
        FileEntriesLayer.Builder layer = FileEntriesLayer.builder().setName(name);
        for (String entry : entries) {
            Path source = app.resolve(entry);
            if (!Files.exists(source)) {
                continue;
            }
            try (Stream<Path> walk = Files.walk(source)) {
                for (Path path : walk.sorted().toList()) {
                    AbsoluteUnixPath target = AbsoluteUnixPath.get(DEPLOYMENTS + "/" + LayerTar.unixName(app, path));
                    layer.addEntry(path, target, Files.isDirectory(path) ? FilePermissions.DEFAULT_FOLDER_PERMISSIONS
                            : FilePermissions.DEFAULT_FILE_PERMISSIONS, EPOCH, OWNER);
                }
            }
        }
        return layer.build();
    }

    private ServiceImage() {
    }
}
