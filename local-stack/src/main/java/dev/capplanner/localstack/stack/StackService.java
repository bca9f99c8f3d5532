package dev.capplanner.localstack.stack;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

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

    /** Linux's clock ticks per second in /proc's CPU times (USER_HZ, 100 on every mainstream platform). */
    long CLOCK_TICKS_PER_SECOND = 100;

    /** A JVM's compiler threads' group in {@link #threadCpuOf}: "C1 CompilerThread0", "C2 CompilerThread1", ... */
    String JIT_COMPILER_THREADS = "C# CompilerThre";

    /** The CPU time each of its process's threads has used so far, by thread id; empty where it cannot be told. */
    Map<Long, ThreadCpu> threadCpuTimes();

    /** One thread: its group (see {@link #threadCpuOf}) and the CPU time it has used so far. */
    record ThreadCpu(String group, Duration used) {
    }

    /**
     * CPU time of each thread of a process from /proc, by thread id, with its group: the thread's
     * name as Linux keeps it (its first 15 characters) with each run of digits written {@code #}, so
     * "vert.x-eventloop-thread-0" and "-1" are one group. Threads alive now only. Empty where /proc
     * cannot tell.
     */
    static Map<Long, ThreadCpu> threadCpuOf(long pid) {
        Map<Long, ThreadCpu> cpu = new TreeMap<>();
        try (DirectoryStream<Path> threads = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path thread : threads) {
                try {
                    String group = Files.readString(thread.resolve("comm")).strip().replaceAll("\\d+", "#");
                    String stat = Files.readString(thread.resolve("stat"));
                    // Fields after the command's closing parenthesis: state is the 3rd, utime the 14th, stime the 15th.
                    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
                    cpu.put(Long.parseLong(thread.getFileName().toString()),
                            new ThreadCpu(group, Duration.ofMillis(ticks * 1000 / CLOCK_TICKS_PER_SECOND)));
                } catch (IOException | RuntimeException e) {
                    // the thread ended between listing and reading
                }
            }
        } catch (IOException | RuntimeException e) {
            return Map.of();
        }
        return cpu;
    }

    /** The threads' CPU time summed by group. */
    static Map<String, Duration> groups(Map<Long, ThreadCpu> threads) {
        Map<String, Duration> groups = new TreeMap<>();
        threads.values().forEach(thread -> groups.merge(thread.group(), thread.used(), Duration::plus));
        return groups;
    }

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
