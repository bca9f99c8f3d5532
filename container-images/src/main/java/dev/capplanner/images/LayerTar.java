package dev.capplanner.images;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.archivers.tar.TarConstants;

/**
 * One image layer from a root file system directory, reproducibly: entries in name order, owned by
 * root, dated at the epoch, modes kept, symbolic links kept as links (a Debian root file system is full
 * of them, and following one would copy a file of the machine that builds the image instead).
 */
final class LayerTar {

    private LayerTar() {
    }

    static void write(Path root, OutputStream out) throws IOException {
        List<Path> paths;
        try (Stream<Path> walk = Files.walk(root)) {
            paths = walk.filter(path -> !path.equals(root)).sorted(Comparator.comparing(path -> unixName(root, path)))
                    .toList();
        }
        try (TarArchiveOutputStream tar = new TarArchiveOutputStream(out)) {
            tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
            tar.setBigNumberMode(TarArchiveOutputStream.BIGNUMBER_POSIX);
            for (Path path : paths) {
                tar.putArchiveEntry(entry(root, path));
                if (Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
                    Files.copy(path, tar);
                }
                tar.closeArchiveEntry();
            }
            tar.finish();
        }
    }

    private static TarArchiveEntry entry(Path root, Path path) throws IOException {
        String name = unixName(root, path);
        TarArchiveEntry entry;
        if (Files.isSymbolicLink(path)) {
            entry = new TarArchiveEntry(name, TarConstants.LF_SYMLINK);
            entry.setLinkName(Files.readSymbolicLink(path).toString());
        } else if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
            entry = new TarArchiveEntry(name + "/");
        } else {
            entry = new TarArchiveEntry(name);
            entry.setSize(Files.size(path));
        }
        PosixFileAttributes attributes = Files.readAttributes(path, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        entry.setMode((entry.isSymbolicLink() ? 0120000 : entry.isDirectory() ? 040000 : 0100000)
                | mode(attributes.permissions()));
        entry.setUserId(0);
        entry.setGroupId(0);
        entry.setUserName("root");
        entry.setGroupName("root");
        entry.setModTime(0);
        return entry;
    }

    static String unixName(Path root, Path path) {
        return root.relativize(path).toString().replace('\\', '/');
    }

    private static int mode(Set<PosixFilePermission> permissions) {
        int mode = 0;
        for (PosixFilePermission permission : permissions) {
            mode |= 1 << (8 - permission.ordinal());
        }
        return mode;
    }
}
