package dev.capplanner.localstack;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * CPU time per process of the stack: each app, this launcher (the Kafka broker, the trace receiver
 * and the load driver run in it) and the PostgreSQL processes it started. Two readings bracket a
 * run; their difference says where the machine's cores went.
 */
final class CpuUse {

    static final String LAUNCHER = "launcher (Kafka broker, driver)";
    static final String POSTGRES = "postgresql";
    static final String DRIVER = "load driver";

    private CpuUse() {
    }

    static Map<String, Duration> read(LoadTarget target) {
        Map<String, Duration> use = new LinkedHashMap<>();
        target.apps().forEach((name, app) -> use.put(name, app.cpuTime()));
        ProcessHandle self = ProcessHandle.current();
        if (!target.startedHere()) {
            // The broker and the database run in and under the process that started the stack.
            use.put(DRIVER, self.info().totalCpuDuration().orElse(Duration.ZERO));
            return use;
        }
        use.put(LAUNCHER, self.info().totalCpuDuration().orElse(Duration.ZERO));
        use.put(POSTGRES, self.descendants().filter(p -> p.info().command().orElse("").contains("postgres"))
                .map(p -> p.info().totalCpuDuration().orElse(Duration.ZERO)).reduce(Duration.ZERO, Duration::plus));
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
