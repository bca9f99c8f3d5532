package dev.capplanner.localstack.load;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.TraceParent;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.TurnRequested;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.localstack.replay.TurnLine;
import dev.capplanner.localstack.stack.ChatBackendClient;
import dev.capplanner.localstack.stack.ChatBackendKey;
import dev.capplanner.localstack.stack.DatabaseOutageFault;
import dev.capplanner.localstack.stack.LoadTarget;
import dev.capplanner.localstack.stack.StackFaults;
import dev.capplanner.localstack.stack.StackOptions;
import dev.capplanner.localstack.stack.StackService;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.function.BooleanSupplier;

/**
 * One load run on a started stack: publishes the turns as a chat backend does (keyed by
 * conversation, CloudEvents headers, a fresh trace each; open-loop at the rate, or as fast as the
 * producer takes them), injects the fault, waits until every record is accounted for (completed, or
 * dead-lettered with a reason) or the drain time is up, and measures.
 */
public final class LoadRun {

    public static final List<String> TURN_PATH = List.of("snapshot-service", "router-service", "planner-service",
            "executor-service");
    private static final String CHAT_BACKEND = "urn:capplanner:run-load";
    private static final Duration DRAIN = Duration.ofSeconds(90);
    /** Conversations the turns are spread over: keys for every partition. */
    private static final int CONVERSATIONS = 64;
    private static final int POISON_EVERY = 10;
    private static final int DUPLICATE_EVERY = 5;
    private static final int OVERSIZED_QUESTION_CHARS = 600_000;
    /** How long broker-restart keeps the broker down: every client notices, and every producer buffers. */
    static final Duration BROKER_DOWN = Duration.ofSeconds(10);
    /** The service kill-service kills: the one whose redelivered work must not repeat external calls. */
    static final String KILLED = "executor-service";
    /** How long kill-service waits for the executor to be mid-call before it kills it anyway. */
    static final Duration KILL_MID_CALL_PATIENCE = Duration.ofSeconds(10);

    private final LoadOptions options;
    private final LoadTarget stack;
    /** The same stack when this run started it: only then may it inject faults that stop and start processes. */
    private final StackFaults faults;
    private final PrintStream err;
    private final String batch = UUID.randomUUID().toString().substring(0, 8);
    private final DatabaseOutageFault databaseOutage = new DatabaseOutageFault();
    private final QuestionPool questions;
    private Thread faultThread;
    private String firstTrace;
    private long firstPublishedEpochNanos;

    public LoadRun(LoadOptions options, LoadTarget stack, PrintStream err) {
        if (LoadOptions.STACK_FAULTS.contains(options.fault()) && !(stack instanceof StackFaults)) {
            throw new IllegalArgumentException("--fault " + options.fault() + " stops and starts the stack's processes:"
                    + " it needs a stack this run starts");
        }
        this.options = options;
        this.stack = stack;
        this.faults = stack instanceof StackFaults controllable ? controllable : null;
        this.err = err;
        this.questions = new QuestionPool(options.seed(), options.questions());
    }

    /** A record published and what counts as its end: a run's completion or dead letter, or a raw value's dead letter. */
    private record Published(String runId, String raw, long sentAtNanos, boolean turn) {
    }

    public LoadResult run() {
        // The turns file gives who asks (tenant, project, principal); the pool gives what is asked.
        List<TurnRequested> templates = TurnLine.read(options.stack().turnsFile()).stream().filter(TurnLine::valid)
                .map(TurnLine::turn).toList();
        err.printf(Locale.ROOT, "questions: %d distinct from %d phrasings (seed %d); %s%n", questions.size(),
                questions.phrasings(), options.seed(), options.turns() <= questions.size()
                        ? "no question is asked twice in this run"
                        : "each question is asked again after " + questions.size() + " turns (--questions to widen)");
        List<Published> published = new ArrayList<>();
        // The stack may have run turns before this load: only what this run adds to each timer counts.
        List<StageMetrics.Stage> before = StageMetrics.read(onTurnPath());
        Map<String, Duration> cpuBefore = CpuUse.read(stack);
        Map<String, Map<Long, StackService.ThreadCpu>> threadsBefore = CpuUse.readThreads(stack);
        long started;
        long lastPublished;
        try (ChatBackendClient kafka = new ChatBackendClient(stack.kafkaBootstrapServers());
             LoadObserver observer = new LoadObserver(kafka);
             Progress progress = new Progress(err, options.turns(), () -> count(published, observer, true))) {
            started = System.nanoTime();
            for (int i = 0; i < options.turns(); i++) {
                if (options.rate() > 0) {
                    sleepUntil(started + (long) (i * 1e9 / options.rate()));
                }
                TurnRequested turn = turn(templates.get(i % templates.size()), questions.question(i), i);
                String raw = RunEventJson.toJson(turn);
                synchronized (published) {
                    published.add(new Published(turn.run().runId(), raw, System.nanoTime(), true));
                }
                TraceParent trace = TraceParent.newTrace();
                if (i == 0) {
                    stack.traceReceiver().ifPresent(traces -> traces.watch(trace.traceId()));
                    firstTrace = trace.traceId();
                    firstPublishedEpochNanos = System.currentTimeMillis() * 1_000_000L;
                }
                kafka.publishWithoutWaiting(EventType.TURN_REQUESTED.topic(), turn.run().conversationId(), raw,
                        ChatBackendKey.signedTurnHeaders(turn, CHAT_BACKEND, trace, stack.turnSigner()));
                injectFault(kafka, published, i);
            }
            kafka.flush();
            lastPublished = System.nanoTime();
            await(DRAIN, () -> count(published, observer, false) == published.size());
            awaitFault();
            progress.finish();
            Map<String, Duration> cpu = CpuUse.since(cpuBefore, CpuUse.read(stack));
            Map<String, Map<String, Duration>> threads = CpuUse.groupsSince(threadsBefore, CpuUse.readThreads(stack));
            return measure(published, observer, started, lastPublished, before, cpu, threads);
        }
    }

    /** A fault still running (an outage longer than the drain) ends before anything is measured. */
    private void awaitFault() {
        if (faultThread == null) {
            return;
        }
        try {
            faultThread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void injectFault(ChatBackendClient kafka, List<Published> published, int i) {
        if (options.fault().equals("db-outage") && i == options.turns() / 2) {
            faultThread = databaseOutage.start(faults, err);
        }
        if (options.fault().equals("broker-restart") && i == options.turns() / 2) {
            faultThread = new Thread(() -> {
                err.printf("%n  stopping the Kafka broker for %d s, then starting it again%n", BROKER_DOWN.toSeconds());
                long began = System.nanoTime();
                try {
                    faults.restartBroker(BROKER_DOWN);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                err.printf("%n  Kafka broker back after %.1f s%n", (System.nanoTime() - began) / 1e9);
            }, "load-fault-broker-restart");
            faultThread.setDaemon(true);
            faultThread.start();
        }
        if (options.fault().equals("kill-service") && i == options.turns() / 2) {
            // Halfway, while turns are in flight and (if one comes within a few seconds) in the middle of
            // a call: the case where a redelivery must neither repeat the call nor wait long for it.
            // Publishing goes on while the service comes back.
            Thread killer = new Thread(() -> {
                long inFlight = faults.awaitExecutorCallInFlight(KILL_MID_CALL_PATIENCE);
                long began = System.nanoTime();
                faults.killAndRestart(KILLED);
                err.printf("%n  killed %s (SIGKILL) with %d call(s) seen in flight; back in %.1f s%n", KILLED,
                        inFlight, (System.nanoTime() - began) / 1e9);
            }, "load-fault-kill");
            killer.setDaemon(true);
            killer.start();
        }
        if (options.fault().equals("poison") && i % POISON_EVERY == POISON_EVERY / 2) {
            int n = (i / POISON_EVERY) % 4;
            String runId = "poison-" + batch + "-" + i;
            String raw = poison(n, runId);
            synchronized (published) {
                published.add(new Published(runId, raw, System.nanoTime(), false));
            }
            kafka.publishWithoutWaiting(EventType.TURN_REQUESTED.topic(), runId, raw,
                    Map.of(TraceParent.HEADER, TraceParent.newTrace().header()));
        }
        if (options.fault().equals("duplicates") && i % DUPLICATE_EVERY == DUPLICATE_EVERY - 1) {
            // A turn published a few turns ago, again, as a producer retry would: same run, same event id.
            List<Published> turns;
            synchronized (published) {
                turns = published.stream().filter(Published::turn).toList();
            }
            Published original = turns.get(Math.max(0, turns.size() - 3));
            TurnRequested turn = RunEventJson.fromJson(original.raw(), TurnRequested.class);
            kafka.publishWithoutWaiting(EventType.TURN_REQUESTED.topic(), turn.run().conversationId(), original.raw(),
                    ChatBackendKey.signedTurnHeaders(turn, CHAT_BACKEND, TraceParent.newTrace(), stack.turnSigner()));
        }
    }

    /** Invalid JSON, a turn without its run, an unknown version, a question far over the schema's limit. */
    private static String poison(int kind, String runId) {
        String run = "{\"runId\":\"" + runId + "\",\"turnId\":\"t-" + runId + "\",\"iteration\":0,\"tenantId\":\"acme\","
                + "\"projectId\":\"support-desk\",\"conversationId\":\"" + runId + "\",\"principal\":{\"userId\":\"u-17\","
                + "\"roles\":[\"support-agent\"]}}";
        String head = "{\"schemaVersion\":\"%s\",\"eventId\":\"" + runId + "\",\"occurredAt\":\"2026-12-01T00:00:00Z\",";
        return switch (kind) {
            case 0 -> "{\"schemaVersion\":\"v1\",\"eventId\":\"" + runId + "\",\"run\":" + run;
            case 1 -> head.formatted("v1") + "\"question\":\"Where is order O-5002?\"}";
            case 2 -> head.formatted("v9") + "\"run\":" + run + ",\"question\":\"Where is order O-5002?\"}";
            default -> head.formatted("v1") + "\"run\":" + run + ",\"question\":\"" + "x".repeat(OVERSIZED_QUESTION_CHARS)
                    + "\"}";
        };
    }

    private TurnRequested turn(TurnRequested template, String question, int i) {
        String runId = "load-" + batch + "-" + i;
        RunContext from = template.run();
        RunContext run = new RunContext(runId, "turn-" + runId, 0, from.tenantId(), from.projectId(),
                "load-" + batch + "-conv-" + (i % CONVERSATIONS), from.principal());
        return new TurnRequested("v1", "evt-" + runId, Instant.now().truncatedTo(ChronoUnit.MILLIS), run,
                question, List.of(), null);
    }

    /** The first turn's spans, each as milliseconds after it was published: where a cold start's seconds go. */
    List<String> firstTurnTimeline() {
        if (firstTrace == null || stack.traceReceiver().isEmpty()) {
            return List.of();
        }
        return stack.traceReceiver().get().spansOf(firstTrace).stream().map(span -> String.format(Locale.ROOT,
                "%+8.0f ms %8.1f ms  %-22s %s", (span.startEpochNanos() - firstPublishedEpochNanos) / 1e6,
                (span.endEpochNanos() - span.startEpochNanos()) / 1e6, span.service(), span.name())).toList();
    }

    /** Records accounted for: completed turns, and (unless {@code completedOnly}) dead-lettered records. */
    private static int count(List<Published> published, LoadObserver observer, boolean completedOnly) {
        List<Published> all;
        synchronized (published) {
            all = List.copyOf(published);
        }
        return (int) all.stream().filter(p -> observer.completedAtNanos(p.runId()) != null
                || !completedOnly && deadLettered(p, observer)).count();
    }

    private static boolean deadLettered(Published p, LoadObserver observer) {
        return observer.deadLetterReason(p.runId()) != null || observer.deadLetterReasonOfValue(p.raw()) != null;
    }

    private LoadResult measure(List<Published> published, LoadObserver observer, long started, long lastPublished,
                               List<StageMetrics.Stage> before, Map<String, Duration> cpu,
                               Map<String, Map<String, Duration>> threads) {
        List<Long> latencies = new ArrayList<>();
        long lastCompletion = lastPublished;
        int deadLettered = 0;
        long firstTurnMs = -1;
        for (Published p : published) {
            Long done = observer.completedAtNanos(p.runId());
            if (done != null) {
                long ms = (done - p.sentAtNanos()) / 1_000_000;
                latencies.add(ms);
                lastCompletion = Math.max(lastCompletion, done);
                if (firstTurnMs < 0 && p.turn()) {
                    firstTurnMs = ms;
                }
            } else if (deadLettered(p, observer)) {
                deadLettered++;
            }
        }
        List<Long> sorted = latencies.stream().sorted().toList();
        double seconds = Math.max(1e-9, (lastCompletion - started) / 1e9);
        List<StageMetrics.Stage> stages = StageMetrics.since(before, StageMetrics.read(onTurnPath()));
        int completed = sorted.size();
        double baseline = completed == 0 ? 0 : stages.stream().mapToDouble(s -> s.p50Ms() * s.count()).sum() / completed;
        int duplicateReports = options.fault().equals("duplicates") && stack.reports().isPresent()
                ? duplicateReports(observer, stack.reports().get()) : LoadResult.NOT_CHECKED;
        return new LoadResult(published.size(), completed, deadLettered, percentile(sorted, 0.50),
                percentile(sorted, 0.95), percentile(sorted, 0.99), completed / seconds, baseline, options.fault(),
                firstTurnMs, observer.repeatedCalls(), observer.deniedCalls(), duplicateReports,
                databaseOutage.unready(), databaseOutage.notReadyAgain(), stages, cpu, threads);
    }

    private Map<String, StackService> onTurnPath() {
        Map<String, StackService> services = new LinkedHashMap<>();
        stack.apps().forEach((name, app) -> {
            if (TURN_PATH.contains(StackOptions.serviceOf(name))) {
                services.put(name, app);
            }
        });
        return services;
    }

    /** Reports stored beyond one per compared (run, iteration), once ingestion has caught up. */
    private int duplicateReports(LoadObserver observer, LoadTarget.ReportAccess reports) {
        int expected = observer.comparedIterations();
        long[] stored = {0};
        await(Duration.ofSeconds(30), () -> (stored[0] = storedReports(reports)) >= expected);
        return (int) Math.max(0, stored[0] - expected);
    }

    private static long storedReports(LoadTarget.ReportAccess reports) {
        try {
            HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                            URI.create(reports.url() + "/reports?size=1"))
                    .header("Authorization", "Bearer " + reports.bearerToken()).build(), HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? new ObjectMapper().readTree(response.body()).path("total").asLong() : 0;
        } catch (IOException e) {
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        }
    }

    /** Nearest rank. */
    static double percentile(List<Long> sorted, double fraction) {
        if (sorted.isEmpty()) {
            return 0;
        }
        int rank = (int) Math.ceil(fraction * sorted.size());
        return sorted.get(Math.max(0, Math.min(sorted.size(), rank) - 1));
    }

    private static void sleepUntil(long nanos) {
        long wait = nanos - System.nanoTime();
        if (wait > 0) {
            try {
                Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static boolean await(Duration timeout, BooleanSupplier condition) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (condition.getAsBoolean()) {
                return true;
            }
            sleepUntil(System.nanoTime() + 50_000_000L);
        }
        return condition.getAsBoolean();
    }

    /** A progress bar on stderr, redrawn four times a second while the run goes on. */
    private static final class Progress implements AutoCloseable {
        private static final int WIDTH = 30;
        private final PrintStream err;
        private final int total;
        private final java.util.function.IntSupplier done;
        private final Thread drawer;
        private volatile boolean running = true;

        Progress(PrintStream err, int total, java.util.function.IntSupplier done) {
            this.err = err;
            this.total = total;
            this.done = done;
            this.drawer = new Thread(() -> {
                while (running) {
                    draw();
                    sleepUntil(System.nanoTime() + 250_000_000L);
                }
            }, "load-progress");
            drawer.setDaemon(true);
            drawer.start();
        }

        private void draw() {
            int completed = Math.min(total, done.getAsInt());
            int filled = total == 0 ? WIDTH : completed * WIDTH / total;
            err.printf(Locale.ROOT, "\r  load [%s%s] %d/%d turns completed", "#".repeat(filled),
                    "-".repeat(WIDTH - filled), completed, total);
        }

        void finish() {
            running = false;
            try {
                drawer.join(1_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            draw();
            err.println();
        }

        @Override
        public void close() {
            running = false;
        }
    }
}
