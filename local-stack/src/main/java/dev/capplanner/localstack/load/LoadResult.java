package dev.capplanner.localstack.load;

import dev.capplanner.localstack.stack.DatabaseOutageFault;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What one load run measured. {@link #json()} is the last stdout line of {@code ./run-load.sh}:
 * {@code turns} records published (turns, and under the poison fault the poison records too);
 * {@code completed} turns that got their completion; {@code dead_lettered} records found on a
 * dead-letter topic with a reason; {@code lost} the rest, neither; latency percentiles over completed
 * turns, publish to completion; {@code throughput_per_s} completions per second from the first
 * publish to the last completion; {@code baseline_p50_ms} the same stages' own logic per turn without
 * Kafka, from each service's stage timer: the sum over the turn path's stages of the median time per
 * event times the events per turn. {@code deniedCalls}: calls the executor's last-mile check
 * denied. {@code duplicateReports}: reports stored beyond one per run and iteration ({@link #NOT_CHECKED}
 * when the report API could not be read). {@code unreadyDuringOutage}: under db-outage, the services whose
 * readiness went down while the database was away, {@code notReadyAfterOutage} those still not ready
 * {@link DatabaseOutageFault#RECOVERY} after it was back. {@code cpu}: the CPU time each process of the
 * stack used during the run; {@code threadCpu}: each service's and the broker's by thread group (empty
 * where /proc cannot tell).
 */
public record LoadResult(int turns, int completed, int deadLettered, double p50Ms, double p95Ms, double p99Ms,
                  double throughputPerS, double baselineP50Ms, String fault, long firstTurnMs, int repeatedCalls,
                  int deniedCalls, int duplicateReports, Set<String> unreadyDuringOutage,
                  Set<String> notReadyAfterOutage, List<StageMetrics.Stage> stages, Map<String, Duration> cpu,
                  Map<String, Map<String, Duration>> threadCpu) {

    /** A result without a reading of its processes' threads. */
    public LoadResult(int turns, int completed, int deadLettered, double p50Ms, double p95Ms, double p99Ms,
                      double throughputPerS, double baselineP50Ms, String fault, long firstTurnMs, int repeatedCalls,
                      int deniedCalls, int duplicateReports, Set<String> unreadyDuringOutage,
                      Set<String> notReadyAfterOutage, List<StageMetrics.Stage> stages, Map<String, Duration> cpu) {
        this(turns, completed, deadLettered, p50Ms, p95Ms, p99Ms, throughputPerS, baselineP50Ms, fault, firstTurnMs,
                repeatedCalls, deniedCalls, duplicateReports, unreadyDuringOutage, notReadyAfterOutage, stages, cpu,
                Map.of());
    }

    /** The part of each process's CPU that its JVM's JIT compiler threads used. */
    public Map<String, Duration> jitCpu() {
        return CpuUse.jitCompilers(threadCpu);
    }

    /** {@code duplicateReports} when the run could not read the report API (an attached stack, no token). */
    static final int NOT_CHECKED = -1;

    public int lost() {
        return turns - completed - deadLettered;
    }

    public String json() {
        return String.format(Locale.ROOT, "{\"turns\":%d,\"completed\":%d,\"dead_lettered\":%d,\"lost\":%d,"
                        + "\"p50_ms\":%.1f,\"p95_ms\":%.1f,\"p99_ms\":%.1f,\"throughput_per_s\":%.1f,"
                        + "\"baseline_p50_ms\":%.1f,\"fault\":\"%s\"}", turns, completed, deadLettered, lost(), p50Ms,
                p95Ms, p99Ms, throughputPerS, baselineP50Ms, fault);
    }

    /**
     * Nothing lost, no call made twice, (counted under duplicates) no report stored twice, and (under
     * db-outage) every service with a database said it was not ready while the database was away.
     */
    boolean passed() {
        return lost() == 0 && repeatedCalls == 0 && duplicateReports <= 0
                && (!fault.equals("db-outage") || unreadyDuringOutage.containsAll(DatabaseOutageFault.WITH_DATABASE)
                        && notReadyAfterOutage.isEmpty());
    }
}
