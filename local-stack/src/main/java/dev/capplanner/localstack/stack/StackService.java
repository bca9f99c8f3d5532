package dev.capplanner.localstack.stack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/** One service of a stack as a load run sees it: its HTTP endpoints and, on this machine, its process. */
public interface StackService {

    String name();

    String url(String path);

    /** Where its health and metrics are served: the management interface's port, or the app's own without one. */
    String managementUrl(String path);

    /** Whether {@code /q/health/ready} answers 200 (UP) now. */
    boolean isReady();

    /** The CPU time its process has used so far; zero where it cannot be told. */
    Duration cpuTime();

    /** The most memory its process has held (VmHWM) in MiB; -1 where it cannot be told. */
    long peakRssMib();

    /** VmHWM of a process from /proc, in MiB; -1 where /proc cannot tell. */
    static long peakRssMibOf(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }
}
