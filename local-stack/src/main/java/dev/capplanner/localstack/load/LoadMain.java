package dev.capplanner.localstack.load;

import dev.capplanner.localstack.stack.AttachedStack;
import dev.capplanner.localstack.stack.DatabaseOutageFault;
import dev.capplanner.localstack.stack.JvmProfile;
import dev.capplanner.localstack.stack.LoadTarget;
import dev.capplanner.localstack.stack.ListeningProcess;
import dev.capplanner.localstack.stack.LocalStack;
import dev.capplanner.localstack.stack.StackOptions;
import dev.capplanner.localstack.stack.StackService;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code ./run-load.sh}: start the stack, run the load (and its fault), print per-stage times and
 * memory on stderr and the result as the last stdout line; exit 0 only when nothing was lost (and,
 * under duplicates, no call or report was repeated).
 */
public final class LoadMain {

    private LoadMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        for (String arg : args) {
            if (arg.equals("--help") || arg.equals("-h")) {
                out.print(LoadOptions.USAGE);
                return 0;
            }
        }
        LoadOptions options;
        try {
            options = LoadOptions.parse(Path.of(System.getProperty("capplanner.home", ".")).toAbsolutePath(), args);
        } catch (StackOptions.UsageException e) {
            err.println("error: " + e.getMessage());
            err.print(LoadOptions.USAGE);
            return 2;
        }
        try {
            if (options.attach()) {
                return runOn(AttachedStack.connect(options.stack(), options.analystToken(),
                        options.signingKey().orElseThrow()), options, out, err);
            }
            err.printf("JVM configuration of the services: %s (%s)%s%n", options.stack().jvm().option(),
                    options.stack().jvm().describe(), options.stack().jvm() == JvmProfile.PRODUCTION
                            ? ", as deploy/k8s runs them; ./run-local.sh runs start-up (--jvm start-up)" : "");
            try (LocalStack stack = LocalStack.start(options.stack(), err)) {
                return runOn(stack, options, out, err);
            }
        } catch (AttachedStack.NotRunningException | LocalStack.PortTakenException e) {
            err.println("error: " + e.getMessage());
            return 2;
        } catch (RuntimeException e) {
            err.println("error: the load run failed: " + e.getMessage());
            return 1;
        }
    }

    private static int runOn(LoadTarget stack, LoadOptions options, PrintStream out, PrintStream err) {
        LoadRun run = new LoadRun(options, stack, err);
        LoadResult result = run.run();
        report(result, stack, err);
        if (stack.traceReceiver().isPresent()) {
            err.println("  the first turn's spans (start after publishing, duration, service, span):");
            run.firstTurnTimeline().forEach(line -> err.println("    " + line));
        }
        out.println(result.json());
        return result.passed() ? 0 : 1;
    }

    private static double perTurn(long millis, LoadResult result) {
        return result.completed() == 0 ? 0 : (double) millis / result.completed();
    }

    /** A thread group's share below this many ms a turn is left out of its process's line. */
    static final double SMALLEST_GROUP_MS = 0.1;

    /**
     * Where each process's CPU went, by thread group, in ms per completed turn, largest first: one
     * line per process (threads alive at the end of the run; see {@link StackService#threadCpuOf}).
     */
    static List<String> threadGroups(LoadResult result) {
        List<String> lines = new ArrayList<>();
        if (result.threadCpu().values().stream().allMatch(Map::isEmpty)) {
            return lines;
        }
        lines.add("  by thread group, ms per completed turn (threads alive at the end of the run):");
        result.threadCpu().forEach((process, groups) -> {
            String shares = groups.entrySet().stream()
                    .map(group -> Map.entry(group.getKey(), perTurn(group.getValue().toMillis(), result)))
                    .filter(share -> share.getValue() >= SMALLEST_GROUP_MS)
                    .sorted(Map.Entry.<String, Double>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                    .map(share -> String.format(Locale.ROOT, "%s %.2f", share.getKey(), share.getValue()))
                    .collect(Collectors.joining(", "));
            lines.add("    " + process + ": " + (shares.isEmpty() ? "-" : shares));
        });
        return lines;
    }

    /** The per-stage table, the first turn, memory, and what the fault checks found. */
    public static void report(LoadResult result, LoadTarget stack, PrintStream err) {
        err.printf(Locale.ROOT, "%n  %-18s %-42s %8s %8s %8s%n", "service", "consumes", "events", "p50 ms", "p95 ms");
        for (StageMetrics.Stage stage : result.stages()) {
            err.printf(Locale.ROOT, "  %-18s %-42s %8d %8.1f %8.1f%n", stage.service(), stage.event(), stage.count(),
                    stage.p50Ms(), stage.p95Ms());
        }
        err.printf(Locale.ROOT, "  stage logic per turn (p50 x events per turn, summed): %.1f ms; through Kafka: p50 %.1f ms"
                + " (%.1fx)%n", result.baselineP50Ms(), result.p50Ms(),
                result.baselineP50Ms() == 0 ? 0 : result.p50Ms() / result.baselineP50Ms());
        err.printf(Locale.ROOT, "  first turn %s: %d ms%n", stack.startedHere() ? "after start-up" : "of this run",
                result.firstTurnMs());
        Map<String, Duration> spent = result.cpu();
        long stackMs = CpuUse.ofStack(spent).toMillis();
        StringBuilder cpu = new StringBuilder(String.format(Locale.ROOT, "  CPU of the stack during the run: %.1f s,"
                + " %.1f ms per completed turn:", stackMs / 1000.0, perTurn(stackMs, result)));
        spent.forEach((name, time) -> {
            if (!CpuUse.OUTSIDE_THE_STACK.contains(name)) {
                cpu.append(String.format(Locale.ROOT, " %s=%.1fs", name, time.toMillis() / 1000.0));
            }
        });
        err.println(cpu);
        long jitMs = result.jitCpu().values().stream().mapToLong(Duration::toMillis).sum();
        if (jitMs > 0) {
            StringBuilder jit = new StringBuilder(String.format(Locale.ROOT, "  of which the JIT compiler threads:"
                    + " %.1f s, %.1f ms per completed turn:", jitMs / 1000.0, perTurn(jitMs, result)));
            result.jitCpu().forEach((name, time) -> jit.append(String.format(Locale.ROOT, " %s=%.1fs", name,
                    time.toMillis() / 1000.0)));
            err.println(jit);
        }
        threadGroups(result).forEach(err::println);
        // Before the broker had a process of its own, one figure summed every process, the driver's
        // included: still printed, so that earlier figures compare.
        long outsideMs = spent.entrySet().stream().filter(e -> CpuUse.OUTSIDE_THE_STACK.contains(e.getKey()))
                .mapToLong(e -> e.getValue().toMillis()).sum();
        long receiverMs = spent.getOrDefault(CpuUse.TRACE_RECEIVER, Duration.ZERO).toMillis();
        long receiverInLauncher = spent.containsKey(CpuUse.LAUNCHER) ? receiverMs : 0;
        err.printf(Locale.ROOT, "  outside the stack: %s; every process together (the stack and the driver, as"
                        + " measured before 2026-12-05): %.1f ms a turn%n",
                spent.entrySet().stream().filter(e -> CpuUse.OUTSIDE_THE_STACK.contains(e.getKey()))
                        .map(e -> String.format(Locale.ROOT, "%s=%.1fs", e.getKey(), e.getValue().toMillis() / 1000.0))
                        .reduce((a, b) -> a + " " + b).orElse("nothing measured"),
                perTurn(stackMs + outsideMs - receiverInLauncher, result));
        StringBuilder memory = new StringBuilder("  peak RSS (MiB):");
        stack.apps().forEach((name, app) -> memory.append(' ').append(name).append('=').append(app.peakRssMib()));
        ListeningProcess.on(CpuUse.portOf(stack.kafkaBootstrapServers())).ifPresent(broker -> memory
                .append(' ').append(CpuUse.BROKER).append('=').append(StackService.peakRssMibOf(broker.pid())));
        err.println(memory);
        if (result.fault().equals("duplicates")) {
            err.printf("  duplicates: calls sent again %d, reports stored twice %s%n", result.repeatedCalls(),
                    result.duplicateReports() == LoadResult.NOT_CHECKED ? "not checked (no --analyst-token)"
                            : Integer.toString(result.duplicateReports()));
        }
        err.printf("  calls: sent again %d, denied at the last mile %d%n", result.repeatedCalls(), result.deniedCalls());
        if (result.fault().equals("db-outage")) {
            err.printf("  db-outage: not ready while the database was away: %s (expected: %s); not ready %d s after"
                    + " it was back: %s%n", result.unreadyDuringOutage(), DatabaseOutageFault.WITH_DATABASE,
                    DatabaseOutageFault.RECOVERY.toSeconds(), result.notReadyAfterOutage());
        }
        if (result.lost() > 0) {
            err.printf("  LOST: %d records neither completed nor dead-lettered%n", result.lost());
        }
    }
}
