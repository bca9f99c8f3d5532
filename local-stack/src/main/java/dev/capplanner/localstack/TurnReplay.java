package dev.capplanner.localstack;

import dev.capplanner.contracts.CloudEventHeaders;
import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.TraceParent;
import dev.capplanner.contracts.events.RouteSelected;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * Replays a turns file the way a chat backend would (one turn at a time, keyed by conversation,
 * CloudEvents headers, a fresh trace per turn) and collects what the suite promises to observe:
 * each turn's completion, its stored shadow report, the dead letters of bad lines with their
 * reason, and the services each turn's trace reached. Printing is the {@link ReplayPrinter}'s.
 */
final class TurnReplay {

    private static final Duration AFTER_TIMEOUT = Duration.ofSeconds(30);
    private static final String CHAT_BACKEND = "urn:capplanner:local-stack-replay";

    private final String bootstrapServers;
    private final OtlpTraceReceiver traces;
    private final ServiceProcess reportService;
    private final Duration turnTimeout;
    private final ReplayPrinter printer;
    private final HttpClient http = HttpClient.newHttpClient();
    private final String analystToken;

    TurnReplay(String bootstrapServers, OtlpTraceReceiver traces, ServiceProcess reportService, String analystToken,
               Duration turnTimeout, ReplayPrinter printer) {
        this.analystToken = analystToken;
        this.bootstrapServers = bootstrapServers;
        this.traces = traces;
        this.reportService = reportService;
        this.turnTimeout = turnTimeout;
        this.printer = printer;
    }

    StackResult run(List<TurnLine> lines) {
        List<TurnLine> valid = lines.stream().filter(TurnLine::valid).toList();
        Map<String, String> traceIds = new LinkedHashMap<>();
        List<StackResult.TurnOutcome> outcomes = new ArrayList<>();
        Map<String, String> deadLetterReasons = new LinkedHashMap<>();
        try (ChatBackendClient kafka = new ChatBackendClient(bootstrapServers);
             RunObserver observer = new RunObserver(kafka)) {
            printer.started(lines.size(), valid.size());
            for (TurnLine line : lines) {
                TraceParent trace = TraceParent.newTrace();
                if (!line.valid()) {
                    kafka.publish(EventType.TURN_REQUESTED.topic(), "line-" + line.number(), line.raw(),
                            Map.of(TraceParent.HEADER, trace.header()));
                    printer.invalidLinePublished(line);
                    continue;
                }
                String runId = line.turn().run().runId();
                traceIds.put(runId, trace.traceId());
                long sent = System.nanoTime();
                kafka.publish(EventType.TURN_REQUESTED.topic(), line.turn().run().conversationId(), line.raw(),
                        CloudEventHeaders.of(line.turn(), CHAT_BACKEND, trace));
                await(turnTimeout, () -> observer.completion(runId) != null);
                StackResult.TurnOutcome outcome = observed(line, observer, sent);
                outcomes.add(outcome);
                printer.turn(outcomes.size(), valid.size(), outcome, turnTimeout);
            }
            for (TurnLine line : lines) {
                if (!line.valid()) {
                    await(AFTER_TIMEOUT, () -> observer.deadLetterReason(line.raw()) != null);
                    String reason = observer.deadLetterReason(line.raw());
                    if (reason != null) {
                        deadLetterReasons.put("line " + line.number(), reason);
                        printer.deadLettered(line, reason);
                    }
                }
            }
        }
        Map<String, String> reports = awaitReports(valid);
        printer.shadowSummary(reports);
        return new StackResult(withTraces(outcomes, traceIds), deadLetterReasons, reports);
    }

    private StackResult.TurnOutcome observed(TurnLine line, RunObserver observer, long sent) {
        String runId = line.turn().run().runId();
        RouteSelected route = observer.route(runId);
        List<String> candidates = route == null ? List.of()
                : route.candidates().stream().map(c -> c.capability().name() + " (" + c.matchReason() + ")").toList();
        RunObserver.Completion completion = observer.completion(runId);
        if (completion == null) {
            return new StackResult.TurnOutcome(runId, line.turn().question(), null, null, -1, candidates, List.of());
        }
        long latencyMs = Math.max(0, (completion.receivedAtNanos() - sent) / 1_000_000);
        return new StackResult.TurnOutcome(runId, line.turn().question(), completion.event().outcome(),
                completion.event().summary(), latencyMs, candidates, List.of());
    }

    private Map<String, String> awaitReports(List<TurnLine> valid) {
        Map<String, String> reports = new LinkedHashMap<>();
        long deadline = System.nanoTime() + AFTER_TIMEOUT.toNanos();
        for (TurnLine line : valid) {
            String runId = line.turn().run().runId();
            while (System.nanoTime() < deadline) {
                String body = get(reportService.url("/reports/" + runId));
                if (body != null) {
                    reports.put(runId, body);
                    break;
                }
                sleep(200);
            }
        }
        return reports;
    }

    private List<StackResult.TurnOutcome> withTraces(List<StackResult.TurnOutcome> outcomes,
                                                     Map<String, String> traceIds) {
        await(AFTER_TIMEOUT, () -> outcomes.stream()
                .allMatch(o -> traces.servicesOf(traceIds.get(o.runId())).containsAll(StackOptions.SERVICES)));
        List<StackResult.TurnOutcome> traced = new ArrayList<>();
        for (StackResult.TurnOutcome o : outcomes) {
            Set<String> services = new HashSet<>(traces.servicesOf(traceIds.get(o.runId())));
            traced.add(new StackResult.TurnOutcome(o.runId(), o.question(), o.outcome(), o.summary(), o.latencyMs(),
                    o.candidates(), services.stream().sorted().toList()));
        }
        return traced;
    }

    private String get(String url) {
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(url))
                            .header("Authorization", "Bearer " + analystToken).build(),
                    HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? response.body() : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private static boolean await(Duration timeout, BooleanSupplier condition) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (condition.getAsBoolean()) {
                return true;
            }
            sleep(50);
        }
        return condition.getAsBoolean();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
