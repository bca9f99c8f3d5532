package dev.capplanner.images;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;

/**
 * A base image from a root file system, as a tarball in the format {@code docker save} writes (which
 * Jib reads as {@code tar://FILE}): one layer, a config naming the platform, the runtime's environment
 * and a non-root user. Nothing is pulled: the root file system is whatever the caller assembled (the
 * build script: Debian packages).
 */
final class BaseImage {

    /** The user the images run as (the uid of Red Hat's and Quarkus's images, which the manifests expect). */
    static final String USER = "185";

    private BaseImage() {
    }

    /**
     * @param javaHome where the root file system keeps its Java runtime ({@code /usr/lib/jvm/...})
     * @param architecture the OCI name of the platform the root file system was built for ({@code amd64}, {@code arm64})
     */
    static void write(Path rootfs, String javaHome, String architecture, Path out) throws IOException {
        Path layer = Files.createTempFile(out.getParent(), "layer", ".tar");
        try {
            String diffId;
            try (OutputStream file = Files.newOutputStream(layer);
                 DigestOutputStream digesting = new DigestOutputStream(file, sha256())) {
                LayerTar.write(rootfs, digesting);
                diffId = "sha256:" + HexFormat.of().formatHex(digesting.getMessageDigest().digest());
            }
            ObjectMapper json = new ObjectMapper();
            byte[] config = json.writeValueAsBytes(Map.of(
                    "architecture", architecture,
                    "os", "linux",
                    "config", Map.of(
                            "Env", List.of("PATH=" + javaHome + "/bin:/usr/local/bin:/usr/bin:/bin",
                                    "JAVA_HOME=" + javaHome, "LANG=C.UTF-8"),
                            "User", USER),
                    "rootfs", Map.of("type", "layers", "diff_ids", List.of(diffId)),
                    "history", List.of(Map.of("created_by", "capplanner container-images: base from a root file system"))));
            byte[] manifest = json.writeValueAsBytes(List.of(Map.of("Config", "config.json",
                    "RepoTags", List.of("capplanner/runtime:local"), "Layers", List.of("layer.tar"))));
            try (OutputStream file = Files.newOutputStream(out); TarArchiveOutputStream tar = new TarArchiveOutputStream(file)) {
                tar.setBigNumberMode(TarArchiveOutputStream.BIGNUMBER_POSIX);
                add(tar, "config.json", config);
                TarArchiveEntry layerEntry = new TarArchiveEntry("layer.tar");
                layerEntry.setSize(Files.size(layer));
                layerEntry.setModTime(0);
                tar.putArchiveEntry(layerEntry);
                Files.copy(layer, tar);
                tar.closeArchiveEntry();
                add(tar, "manifest.json", manifest);
                tar.finish();
            }
        } finally {
            Files.deleteIfExists(layer);
        }
    }

    private static void add(TarArchiveOutputStream tar, String name, byte[] content) throws IOException {
        TarArchiveEntry entry = new TarArchiveEntry(name);
        entry.setSize(content.length);
        entry.setModTime(0);
        tar.putArchiveEntry(entry);
        tar.write(content);
        tar.closeArchiveEntry();
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
