package dev.capplanner.localstack.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.localstack.stack.StackService.ThreadCpu;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A run's CPU by thread group counts each thread from its own first reading. */
class CpuUseTest {

    @Test
    void eachThreadCountsWhatItUsedDuringTheRunAndAnEndedOneTakesNothingAway() {
        Map<String, Map<Long, ThreadCpu>> before = Map.of("planner-service", Map.of(
                1L, new ThreadCpu("executor-thread", Duration.ofMillis(500)),
                2L, new ThreadCpu("executor-thread", Duration.ofMillis(900)),
                3L, new ThreadCpu("C# CompilerThre", Duration.ofMillis(4_000)),
                4L, new ThreadCpu("HttpClient-#-Wo", Duration.ofMillis(300))));
        Map<String, Map<Long, ThreadCpu>> after = Map.of("planner-service", Map.of(
                1L, new ThreadCpu("executor-thread", Duration.ofMillis(700)),
                3L, new ThreadCpu("C# CompilerThre", Duration.ofMillis(4_100)),
                4L, new ThreadCpu("vert.x-eventloo", Duration.ofMillis(50)),
                5L, new ThreadCpu("C# CompilerThre", Duration.ofMillis(250))));
        Map<String, Map<String, Duration>> spent = CpuUse.groupsSince(before, after);
        assertThat(spent.get("planner-service")).containsExactlyInAnyOrderEntriesOf(Map.of(
                "executor-thread", Duration.ofMillis(200),
                "C# CompilerThre", Duration.ofMillis(350),
                "vert.x-eventloo", Duration.ofMillis(50)));
        assertThat(CpuUse.jitCompilers(spent)).containsEntry("planner-service", Duration.ofMillis(350));
    }
}
