package dev.capplanner.localstack.stack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Which local process listens on a TCP port, from Linux's /proc (the socket's inode in
 * /proc/net/tcp, then the process holding it among its open files); empty elsewhere, or when the
 * process belongs to another user.
 */
public final class ListeningProcess {

    private static final String LISTEN = "0A";

    private ListeningProcess() {
    }

    public static Optional<ProcessHandle> on(int port) {
        Set<String> sockets = listeningSockets(port);
        if (sockets.isEmpty()) {
            return Optional.empty();
        }
        return ProcessHandle.allProcesses().filter(process -> holdsAny(process.pid(), sockets)).findFirst();
    }

    /** The inodes of the sockets listening on the port, as {@code socket:[inode]}. */
    private static Set<String> listeningSockets(int port) {
        String hexPort = String.format(Locale.ROOT, ":%04X", port);
        Set<String> sockets = new HashSet<>();
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            try {
                for (String line : Files.readAllLines(Path.of(table))) {
                    String[] fields = line.trim().split("\\s+");
                    // local_address is field 1 (ADDR:PORT in hex), st field 3, inode field 9
                    if (fields.length > 9 && fields[1].endsWith(hexPort) && fields[3].equals(LISTEN)) {
                        sockets.add("socket:[" + fields[9] + "]");
                    }
                }
            } catch (IOException | RuntimeException e) {
                // no such table here (no IPv6, not Linux): nothing listens there as far as we can tell
            }
        }
        return sockets;
    }

    private static boolean holdsAny(long pid, Set<String> sockets) {
        try (Stream<Path> descriptors = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            return descriptors.anyMatch(fd -> {
                try {
                    return sockets.contains(Files.readSymbolicLink(fd).toString());
                } catch (IOException | RuntimeException e) {
                    return false;
                }
            });
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
