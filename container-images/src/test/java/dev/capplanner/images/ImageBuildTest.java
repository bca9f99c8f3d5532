package dev.capplanner.images;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.localstack.stack.JvmProfile;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Images are built with no daemon and nothing pulled: a base from a root file system, then a service's
 * image on it, both written as tarballs and read back here as a registry or {@code docker load} would.
 */
class ImageBuildTest {

    @TempDir
    Path dir;

    final ObjectMapper json = new ObjectMapper();

    @Test
    void aBaseKeepsTheRootFileSystemsLinksAndModesOwnedByRootAndNamesItsLayerByDigest() throws Exception {
        Path base = base();
        Map<String, byte[]> files = entries(Files.readAllBytes(base));
        JsonNode manifest = json.readTree(files.get("manifest.json"));
        JsonNode config = json.readTree(files.get(manifest.get(0).get("Config").asText()));
        byte[] layer = files.get(manifest.get(0).get("Layers").get(0).asText());
        assertThat(config.at("/rootfs/diff_ids/0").asText()).isEqualTo("sha256:" + sha256(layer));
        assertThat(config.at("/config/User").asText()).isEqualTo("185");
        assertThat(config.at("/config/Env").toString()).contains("JAVA_HOME=/usr/lib/jvm/jre");

        Path again = dir.resolve("base-again.tar");
        BaseImage.write(dir.resolve("rootfs"), "/usr/lib/jvm/jre", "amd64", again);
        assertThat(sha256(Files.readAllBytes(again))).as("the same root file system, the same base")
                .isEqualTo(sha256(Files.readAllBytes(base)));

        Map<String, TarArchiveEntry> layerEntries = headers(layer);
        assertThat(layerEntries.get("lib64/ld-linux.so.2").isSymbolicLink()).isTrue();
        assertThat(layerEntries.get("lib64/ld-linux.so.2").getLinkName())
                .as("a link, not the building machine's file it points at").isEqualTo("/lib/x86_64/ld-linux.so.2");
        assertThat(layerEntries.get("usr/lib/jvm/jre/bin/java").getMode() & 0777).isEqualTo(0755);
        assertThat(layerEntries.values()).allSatisfy(entry -> {
            assertThat(entry.getLongUserId()).isZero();
            assertThat(entry.getModTime().getTime()).isZero();
        });
    }

    @Test
    void aServiceImageRunsItsFastJarAsTheNonRootUserWithTheProductionJvmAndCarriesItsSbom() throws Exception {
        Path out = dir.resolve("router-service.tar");
        Path packages = Files.writeString(dir.resolve("packages.txt"), "libc6 2.36-9+deb12u14 amd64\n");
        String digest = ServiceImage.build(app(), sbom(), packages, "tar://" + base(), "capplanner/router-service:0.1.0",
                new ServiceImage.ToTar(out));
        assertThat(digest).matches("sha256:[0-9a-f]{64}");

        // An OCI image layout (skopeo copy oci-archive:..., crane push, podman load, ctr import).
        Map<String, byte[]> files = entries(Files.readAllBytes(out));
        JsonNode index = json.readTree(files.get("index.json"));
        assertThat(index.at("/manifests/0/digest").asText()).as("the digest printed is the image's").isEqualTo(digest);
        JsonNode manifest = json.readTree(blob(files, digest));
        JsonNode config = json.readTree(blob(files, manifest.at("/config/digest").asText()));
        assertThat(config.at("/config/User").asText()).isEqualTo("185");
        assertThat(config.at("/config/WorkingDir").asText()).isEqualTo("/deployments");
        List<String> entrypoint = json.convertValue(config.at("/config/Entrypoint"),
                json.getTypeFactory().constructCollectionType(List.class, String.class));
        assertThat(entrypoint).startsWith("java").endsWith("-jar", "/deployments/quarkus-run.jar")
                .containsAll(JvmProfile.PRODUCTION.flags("router-service").stream()
                        .filter(flag -> !flag.startsWith("-XX:MaxRAM=") && !flag.startsWith("-XX:ActiveProcessorCount"))
                        .toList());
        assertThat(config.at("/config/Env").toString()).as("the base's runtime is on the PATH").contains("PATH=/usr/lib/jvm/jre/bin");
        assertThat(config.at("/rootfs/diff_ids")).hasSize(5);

        Map<String, TarArchiveEntry> owned = new HashMap<>();
        Map<String, byte[]> content = new HashMap<>();
        for (JsonNode layerDescriptor : manifest.get("layers")) {
            byte[] layer = blob(files, layerDescriptor.get("digest").asText());
            boolean gzipped = layer.length > 2 && (layer[0] & 0xff) == 0x1f && (layer[1] & 0xff) == 0x8b;
            byte[] plain = gzipped ? gunzip(layer) : layer;
            owned.putAll(headers(plain));
            content.putAll(entries(plain));
        }
        assertThat(owned).containsKeys("deployments/quarkus-run.jar", "deployments/lib/main/dependency.jar",
                "deployments/app/router-service.jar", "deployments/quarkus/quarkus-application.dat",
                "deployments/sbom/bom.cdx.json", "usr/lib/jvm/jre/bin/java");
        assertThat(owned.get("deployments/quarkus-run.jar").getLongUserId()).isEqualTo(185);
        assertThat(new String(content.get("deployments/sbom/bom.cdx.json"), StandardCharsets.UTF_8))
                .contains("CycloneDX");
        assertThat(new String(content.get("deployments/sbom/runtime-packages.txt"), StandardCharsets.UTF_8))
                .as("the base's own packages, beside the Java dependencies").contains("libc6 2.36");

        String again = ServiceImage.build(app(), sbom(), packages, "tar://" + base(), "capplanner/router-service:0.1.0",
                new ServiceImage.ToTar(dir.resolve("again.tar")));
        assertThat(again).as("the same inputs, the same digest").isEqualTo(digest);
    }

    @Test
    void aDirectoryThatIsNoQuarkusApplicationIsRefusedBeforeAnythingIsBuilt() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertThatThrownBy(() -> ServiceImage.build(empty, sbom(), null, "tar://" + base(), "capplanner/x:1",
                new ServiceImage.ToTar(dir.resolve("x.tar")))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no quarkus-run.jar");
    }

    private Path base() throws IOException {
        Path rootfs = dir.resolve("rootfs");
        if (!Files.exists(rootfs)) {
            Path java = rootfs.resolve("usr/lib/jvm/jre/bin/java");
            Files.createDirectories(java.getParent());
            Files.writeString(java, "#!/bin/sh\n");
            Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
            Files.createDirectories(rootfs.resolve("lib/x86_64"));
            Files.writeString(rootfs.resolve("lib/x86_64/ld-linux.so.2"), "loader");
            Files.createDirectories(rootfs.resolve("lib64"));
            Files.createSymbolicLink(rootfs.resolve("lib64/ld-linux.so.2"), Path.of("/lib/x86_64/ld-linux.so.2"));
            Files.createDirectories(rootfs.resolve("etc"));
            Files.writeString(rootfs.resolve("etc/passwd"), "root:x:0:0::/root:/bin/sh\njboss:x:185:185::/deployments:\n");
        }
        Path base = dir.resolve("base.tar");
        if (!Files.exists(base)) {
            BaseImage.write(rootfs, "/usr/lib/jvm/jre", "amd64", base);
        }
        return base;
    }

    private Path app() throws IOException {
        Path app = dir.resolve("quarkus-app");
        if (!Files.exists(app)) {
            for (String file : List.of("quarkus-run.jar", "lib/main/dependency.jar", "app/router-service.jar",
                    "quarkus/quarkus-application.dat")) {
                Files.createDirectories(app.resolve(file).getParent());
                Files.writeString(app.resolve(file), file);
            }
        }
        return app;
    }

    private Path sbom() throws IOException {
        Path sbom = dir.resolve("bom.json");
        Files.writeString(sbom, "{\"bomFormat\":\"CycloneDX\",\"specVersion\":\"1.6\",\"components\":[]}");
        return sbom;
    }

    private static Map<String, byte[]> entries(byte[] tar) throws IOException {
        Map<String, byte[]> entries = new HashMap<>();
        try (TarArchiveInputStream in = new TarArchiveInputStream(new java.io.ByteArrayInputStream(tar))) {
            for (TarArchiveEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                if (entry.isFile()) {
                    entries.put(entry.getName(), in.readAllBytes());
                }
            }
        }
        return entries;
    }

    private static Map<String, TarArchiveEntry> headers(byte[] tar) throws IOException {
        Map<String, TarArchiveEntry> entries = new HashMap<>();
        try (TarArchiveInputStream in = new TarArchiveInputStream(new java.io.ByteArrayInputStream(tar))) {
            for (TarArchiveEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                entries.put(entry.getName().replaceFirst("^/", "").replaceFirst("/$", ""), entry);
            }
        }
        return entries;
    }

    private static byte[] blob(Map<String, byte[]> files, String digest) {
        byte[] blob = files.get("blobs/sha256/" + digest.substring("sha256:".length()));
        assertThat(blob).as("blob %s", digest).isNotNull();
        return blob;
    }

    private static byte[] gunzip(byte[] gzipped) throws IOException {
        try (InputStream in = new GZIPInputStream(new java.io.ByteArrayInputStream(gzipped));
             ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            in.transferTo(out);
            return out.toByteArray();
        }
    }

    private static String sha256(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }
}
