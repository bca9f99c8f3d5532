package dev.capplanner.localstack.load;

import dev.capplanner.localstack.stack.ListeningProcess;
import dev.capplanner.localstack.stack.LoadTarget;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * CPU time per process of the stack: each app, this launcher (the Kafka broker, the trace receiver
 * and the load driver run in it; only the driver when attached to a stack started elsewhere) and
 * PostgreSQL's server with its backends. Two readings bracket a
 * run; their difference says where the machine's cores went.
 */
public final class CpuUse {

    static final String LAUNCHER = "launcher (Kafka broker, driver)";
    public static final String POSTGRES = "postgresql";
    public static final String DRIVER = "load driver";

    private CpuUse() {
    }

    static Map<String, Duration> read(LoadTarget target) {
        Map<String, Duration> use = new LinkedHashMap<>();
        target.apps().forEach((name, app) -> use.put(name, app.cpuTime()));
        ProcessHandle self = ProcessHandle.current();
        // Where the stack was started elsewhere, its broker runs in that process, not in this one.
        use.put(target.startedHere() ? LAUNCHER : DRIVER, self.info().totalCpuDuration().orElse(Duration.ZERO));
        // pg_ctl detaches the server from whoever started it: it is found by its port, with its
        // backends (the ones alive at each reading: pooled sessions are, a one-off check's is not).
        ListeningProcess.on(target.databasePort()).ifPresent(server -> use.put(POSTGRES,
                Stream.concat(Stream.of(server), server.descendants())
                        .map(p -> p.info().totalCpuDuration().orElse(Duration.ZERO)).reduce(Duration.ZERO, Duration::plus)));
        return use;
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
