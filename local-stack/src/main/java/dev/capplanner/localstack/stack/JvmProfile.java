package dev.capplanner.localstack.stack;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * How the stack's service JVMs run. {@link #START_UP} is tuned for a quick local start on a laptop;
 * {@link #PRODUCTION} is what each pod of {@code deploy/k8s} runs, spelled out for a process outside a
 * container: the image's run-java script gives the parallel collector with its heap-free ratios and
 * sizes the heap to {@code JAVA_MAX_MEM_RATIO} (75 %) of the pod's memory limit, the JVM sees the
 * pod's CPU limit as its processors (both JIT tiers either way), and the Dockerfile adds
 * {@code -XX:-DontCompileHugeMethods}. {@link PodLimits} holds each service's limits;
 * JvmProfileTest checks them against the manifests.
 */
public enum JvmProfile {

    /**
     * Small heaps and the quick compiler: five JVMs share two cores. The JSON Schema validator every
     * consumer runs is one method too large for the JIT by default; interpreted, it took more than
     * half of the report service's CPU (docs/benchmarks.md), so huge methods are compiled.
     */
    START_UP("start-up", List.of("-Xms32m", "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
            "-XX:-DontCompileHugeMethods")),

    /** The pods' configuration: both JIT tiers, the parallel collector; heap and processors per pod. */
    PRODUCTION("production", List.of("-XX:+UseParallelGC", "-XX:MinHeapFreeRatio=10", "-XX:MaxHeapFreeRatio=20",
            "-XX:GCTimeRatio=4", "-XX:AdaptiveSizePolicyWeight=90", "-XX:+ExitOnOutOfMemoryError",
            "-XX:-DontCompileHugeMethods"));

    /** The share of a pod's memory limit the image's run-java script gives the heap ({@code JAVA_MAX_MEM_RATIO}). */
    public static final int HEAP_PERCENT_OF_LIMIT = 75;

    private final String option;
    private final List<String> flags;

    JvmProfile(String option, List<String> flags) {
        this.option = option;
        this.flags = flags;
    }

    /** Its name on the command line ({@code --jvm production}). */
    public String option() {
        return option;
    }

    /** The flags of this app's JVM: in production, with its pod's heap and processors. */
    public List<String> flags(String app) {
        if (this != PRODUCTION) {
            return flags;
        }
        PodLimits pod = PodLimits.of(app);
        List<String> all = new ArrayList<>();
        // The JVM sizes itself as in the container: MaxRAM stands for the memory limit it would see
        // there (so the initial heap is a share of the limit, not of this machine's memory), and the
        // image's run-java script turns JAVA_MAX_MEM_RATIO into MaxRAMPercentage.
        all.add("-XX:MaxRAM=" + pod.memoryMib() + "m");
        all.add("-XX:MaxRAMPercentage=" + HEAP_PERCENT_OF_LIMIT);
        all.add("-XX:ActiveProcessorCount=" + pod.cpus());
        all.addAll(flags);
        return List.copyOf(all);
    }

    /** How it is described on stderr. */
    public String describe() {
        if (this != PRODUCTION) {
            return String.join(" ", flags);
        }
        return String.join(" ", flags) + "; heap " + HEAP_PERCENT_OF_LIMIT + " % of each pod's memory limit and"
                + " its CPU limit as processors: " + String.join(", ", StackOptions.APPS.stream()
                .map(app -> app + " " + PodLimits.of(app)).toList());
    }

    /**
     * A pod's limits in {@code deploy/k8s/base} (the demo API has no pod: it runs as the smaller
     * services do).
     */
    public record PodLimits(int cpus, int memoryMib) {

        static final Map<String, PodLimits> BY_SERVICE = Map.of(
                "router-service", new PodLimits(2, 1024),
                "snapshot-service", new PodLimits(1, 512),
                "planner-service", new PodLimits(1, 512),
                "executor-service", new PodLimits(1, 512),
                "shadow-report-service", new PodLimits(1, 512));

        public static PodLimits of(String app) {
            return BY_SERVICE.getOrDefault(StackOptions.serviceOf(app), new PodLimits(1, 512));
        }

        @Override
        public String toString() {
            return cpus + " cpu/" + memoryMib + " MiB";
        }
    }

    public static JvmProfile of(String option) {
        for (JvmProfile profile : values()) {
            if (profile.option.equals(option)) {
                return profile;
            }
        }
        throw new StackOptions.UsageException("--jvm must be production or start-up, not " + option);
    }
}
