package dev.capplanner.localstack.load;

import dev.capplanner.localstack.stack.ListeningProcess;
import dev.capplanner.localstack.stack.LoadTarget;
import dev.capplanner.localstack.stack.StackService;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * CPU time per process of the stack: each app, the Kafka broker and PostgreSQL's server with its
 * backends (each found by the port it listens on), the trace receiver's threads (in this launcher's
 * JVM, when this run started the stack), and apart from the stack this JVM itself: the load driver,
 * which plays the chat backends (with the trace receiver in it when it started the stack). Two
 * readings bracket a run; their difference says where the machine's cores went.
 */
public final class CpuUse {

    /** This JVM when it started the stack: the driver and the trace receiver. */
    static final String LAUNCHER = "launcher (driver, trace receiver)";
    public static final String POSTGRES = "postgresql";
    public static final String BROKER = "kafka-broker";
    /** The receiver's own threads, a part of {@link #LAUNCHER}. */
    public static final String TRACE_RECEIVER = "trace receiver";
    public static final String DRIVER = "load driver";
    /** What is not the stack: the chat backends' side. */
    static final Set<String> OUTSIDE_THE_STACK = Set.of(LAUNCHER, DRIVER);

    private CpuUse() {
    }

    static Map<String, Duration> read(LoadTarget target) {
        Map<String, Duration> use = new LinkedHashMap<>();
        target.apps().forEach((name, app) -> use.put(name, app.cpuTime()));
        ListeningProcess.on(portOf(target.kafkaBootstrapServers())).ifPresent(broker -> use.put(BROKER,
                broker.info().totalCpuDuration().orElse(Duration.ZERO)));
        ProcessHandle self = ProcessHandle.current();
        use.put(target.startedHere() ? LAUNCHER : DRIVER, self.info().totalCpuDuration().orElse(Duration.ZERO));
        target.traceReceiver().ifPresent(receiver -> use.put(TRACE_RECEIVER, receiver.cpuTime()));
        // pg_ctl detaches the server from whoever started it: it is found by its port, with its
        // backends (the ones alive at each reading: pooled sessions are, a one-off check's is not).
        ListeningProcess.on(target.databasePort()).ifPresent(server -> use.put(POSTGRES,
                Stream.concat(Stream.of(server), server.descendants())
                        .map(p -> p.info().totalCpuDuration().orElse(Duration.ZERO)).reduce(Duration.ZERO, Duration::plus)));
        return use;
    }

    /** The CPU time of each service's and the broker's threads so far (Linux /proc; none elsewhere). */
    static Map<String, Map<Long, StackService.ThreadCpu>> readThreads(LoadTarget target) {
        Map<String, Map<Long, StackService.ThreadCpu>> use = new LinkedHashMap<>();
        target.apps().forEach((name, app) -> use.put(name, app.threadCpuTimes()));
        ListeningProcess.on(portOf(target.kafkaBootstrapServers())).ifPresent(broker -> use.put(BROKER,
                StackService.threadCpuOf(broker.pid())));
        return use;
    }

    /**
     * What each process's threads used between two readings, summed by thread group: each thread
     * alive at the second reading from its first (or from its start, if it started in between, or
     * if its id now names another thread); a thread that ended in between is left out.
     */
    static Map<String, Map<String, Duration>> groupsSince(Map<String, Map<Long, StackService.ThreadCpu>> before,
                                                          Map<String, Map<Long, StackService.ThreadCpu>> after) {
        Map<String, Map<String, Duration>> spent = new LinkedHashMap<>();
        after.forEach((process, threads) -> {
            Map<Long, StackService.ThreadCpu> earlier = before.getOrDefault(process, Map.of());
            Map<Long, StackService.ThreadCpu> during = new LinkedHashMap<>();
            threads.forEach((id, now) -> {
                StackService.ThreadCpu then = earlier.get(id);
                boolean same = then != null && then.group().equals(now.group()) && now.used().compareTo(then.used()) >= 0;
                during.put(id, same ? new StackService.ThreadCpu(now.group(), now.used().minus(then.used())) : now);
            });
            spent.put(process, StackService.groups(during));
        });
        return spent;
    }

    /** The part of each process's thread groups that its JVM's JIT compiler threads used. */
    static Map<String, Duration> jitCompilers(Map<String, Map<String, Duration>> groups) {
        Map<String, Duration> jit = new LinkedHashMap<>();
        groups.forEach((process, used) -> jit.put(process,
                used.getOrDefault(StackService.JIT_COMPILER_THREADS, Duration.ZERO)));
        return jit;
    }

    /** The stack's share: every process but the driver's (the trace receiver's threads counted in). */
    static Duration ofStack(Map<String, Duration> spent) {
        return spent.entrySet().stream().filter(e -> !OUTSIDE_THE_STACK.contains(e.getKey())).map(Map.Entry::getValue)
                .reduce(Duration.ZERO, Duration::plus);
    }

    static int portOf(String bootstrapServers) {
        String first = bootstrapServers.split(",")[0];
        return Integer.parseInt(first.substring(first.lastIndexOf(':') + 1));
    }

    static Map<String, Duration> since(Map<String, Duration> before, Map<String, Duration> after) {
        Map<String, Duration> spent = new LinkedHashMap<>();
        // A process restarted during the run counts from its new start (the killed one's share is gone).
        after.forEach((name, total) -> {
            Duration earlier = before.getOrDefault(name, Duration.ZERO);
            spent.put(name, total.compareTo(earlier) >= 0 ? total.minus(earlier) : total);
        });
        return spent;
    }
}
