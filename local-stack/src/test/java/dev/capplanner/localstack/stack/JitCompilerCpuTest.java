package dev.capplanner.localstack.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class JitCompilerCpuTest {

    @Test
    void theCompilerThreadsOfThisJvmTookSomeButNotMoreThanAllOfItsCpu() {
        long sum = 0;
        for (int i = 0; i < 2_000_000; i++) {
            sum += Long.toString(i).hashCode() % 7;
        }
        long pid = ProcessHandle.current().pid();
        Duration compilers = compilersOf(pid);
        Duration total = ProcessHandle.current().info().totalCpuDuration().orElseThrow();
        assertThat(sum).isNotZero();
        if (Files.isDirectory(Path.of("/proc/self/task"))) {
            // A test JVM has compiled thousands of methods by now; its compiler threads are a part of it.
            assertThat(compilers).isPositive().isLessThanOrEqualTo(total);
        } else {
            assertThat(compilers).isZero();
        }
        assertThat(compilersOf(Long.MAX_VALUE)).as("no such process").isZero();
    }

    @Test
    void threadsAreGroupedByTheirNameWithoutNumbers() {
        java.util.Map<String, Duration> groups = StackService.groups(StackService.threadCpuOf(ProcessHandle.current().pid()));
        if (Files.isDirectory(Path.of("/proc/self/task"))) {
            assertThat(groups).containsKey(StackService.JIT_COMPILER_THREADS);
            assertThat(groups.keySet()).noneMatch(group -> group.matches(".*\\d.*"));
            assertThat(groups.values().stream().reduce(Duration.ZERO, Duration::plus))
                    .isLessThanOrEqualTo(ProcessHandle.current().info().totalCpuDuration().orElseThrow());
        } else {
            assertThat(groups).isEmpty();
        }
        assertThat(StackService.threadCpuOf(Long.MAX_VALUE)).as("no such process").isEmpty();
    }

    private static Duration compilersOf(long pid) {
        return StackService.groups(StackService.threadCpuOf(pid)).getOrDefault(StackService.JIT_COMPILER_THREADS,
                Duration.ZERO);
    }
}
