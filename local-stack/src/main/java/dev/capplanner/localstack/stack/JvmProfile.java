package dev.capplanner.localstack.stack;

import java.util.List;

/**
 * How the stack's service JVMs run. {@link #START_UP} is tuned for a quick local start on a laptop;
 * {@link #PRODUCTION} is what each pod of {@code deploy/k8s} runs, spelled out for a process outside a
 * container: the image's run-java script gives the parallel collector with its heap-free ratios and
 * sizes the heap to {@code JAVA_MAX_MEM_RATIO} (75 %) of the 1 GiB memory limit, the CPU limit of two
 * cores gives the JIT both its tiers, and the Dockerfile adds {@code -XX:-DontCompileHugeMethods}.
 * k8s-validation checks that the manifests still say so.
 */
public enum JvmProfile {

    /**
     * Small heaps and the quick compiler: five JVMs share two cores. The JSON Schema validator every
     * consumer runs is one method too large for the JIT by default; interpreted, it took more than
     * half of the report service's CPU (docs/benchmarks.md), so huge methods are compiled.
     */
    START_UP("start-up", List.of("-Xms32m", "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
            "-XX:-DontCompileHugeMethods")),

    /** The pods' configuration: both JIT tiers, the parallel collector, a 768 MiB heap, two processors. */
    PRODUCTION("production", List.of("-Xmx768m", "-XX:ActiveProcessorCount=2", "-XX:+UseParallelGC",
            "-XX:MinHeapFreeRatio=10", "-XX:MaxHeapFreeRatio=20", "-XX:GCTimeRatio=4",
            "-XX:AdaptiveSizePolicyWeight=90", "-XX:+ExitOnOutOfMemoryError", "-XX:-DontCompileHugeMethods"));

    /** The heap the production profile gives: {@code JAVA_MAX_MEM_RATIO} of the pods' memory limit. */
    public static final int PRODUCTION_HEAP_MIB = 768;

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

    public List<String> flags() {
        return flags;
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
