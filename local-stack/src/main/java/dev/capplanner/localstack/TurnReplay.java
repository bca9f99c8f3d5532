package dev.capplanner.localstack;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.events.RouteSelected;
import dev.capplanner.testing.events.TurnFixtures;
import dev.capplanner.testing.kafka.KafkaTestClient;
import java.io.IOException;
import java.io.PrintStream;
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
import java.util.regex.Pattern;

/**
 * Replays a turns file the way a chat backend would (one turn at a time, keyed by conversation,
 * CloudEvents headers, a fresh trace per turn) and checks what the suite promises: every turn
 * completes, its shadow report is stored masked, bad lines are dead-lettered with a reason, and
 * one trace spans all five services.
 */
final class TurnReplay {

    private static final Pattern EMAIL = Pattern.compile("[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}");
    private static final Duration AFTER_TIMEOUT = Duration.ofSeconds(30);

    private final String bootstrapServers;
    private final OtlpTraceReceiver traces;
    private final ServiceProcess reportService;
    private final Duration turnTimeout;
    private final PrintStream out;
    private final HttpClient http = HttpClient.newHttpClient();
    private final ObjectMapper json = new ObjectMapper();

    TurnReplay(String bootstrapServers, OtlpTraceReceiver traces, ServiceProcess reportService, Duration turnTimeout,
               PrintStream out) {
        this.bootstrapServers = bootstrapServers;
        this.traces = traces;
        this.reportService = reportService;
        this.turnTimeout = turnTimeout;
        this.out = out;
    }

    StackResult run(List<TurnLine> lines) {
        List<TurnLine> valid = lines.stream().filter(TurnLine::valid).toList();
        Map<String, String> traceIds = new LinkedHashMap<>();
        List<StackResult.TurnOutcome> outcomes = new ArrayList<>();
        Map<String, String> deadLetterReasons = new LinkedHashMap<>();
        try (KafkaTestClient kafka = new KafkaTestClient(bootstrapServers); RunObserver observer = new RunObserver(kafka)) {
            out.printf("Replaying %d line(s): %d turn(s), %d expected to be dead-lettered%n", lines.size(), valid.size(),
                    lines.size() - valid.size());
            int turnNumber = 0;
            for (TurnLine line : lines) {
                String traceId = TurnFixtures.newTraceId();
                if (!line.valid()) {
                    kafka.publish(EventType.TURN_REQUESTED.topic(), "line-" + line.number(), line.raw(),
                            Map.of("traceparent", "00-" + traceId + "-" + traceId.substring(0, 16) + "-01"));
                    out.printf("  line %d: not a valid turn (%s); published to show dead-lettering%n", line.number(),
                            line.rejection());
                    continue;
                }
                turnNumber++;
                String runId = line.turn().run().runId();
                traceIds.put(runId, traceId);
                long sent = System.nanoTime();
                kafka.publish(EventType.TURN_REQUESTED.topic(), line.turn().run().conversationId(), line.raw(),
                        TurnFixtures.headers(line.turn(), traceId));
                boolean arrived = await(turnTimeout, () -> observer.completion(runId) != null);
                outcomes.add(progress(turnNumber, valid.size(), line, observer, arrived, sent));
            }
            for (TurnLine line : lines) {
                if (!line.valid()) {
                    await(AFTER_TIMEOUT, () -> observer.deadLetterReason(line.raw()) != null);
                    String reason = observer.deadLetterReason(line.raw());
                    if (reason != null) {
                        deadLetterReasons.put("line " + line.number(), reason);
                        out.printf("  line %d dead-lettered: %s%n", line.number(), reason);
                    }
                }
            }
        }
        Map<String, String> reports = awaitReports(valid);
        List<StackResult.TurnOutcome> traced = awaitTraces(outcomes, traceIds);
        printShadowSummary(reports);
        int completed = (int) traced.stream().filter(StackResult.TurnOutcome::completed).count();
        int spanning = (int) traced.stream().filter(o -> o.traceServices().containsAll(StackOptions.SERVICES)).count();
        int stored = (int) reports.values().stream().filter(body -> !EMAIL.matcher(body).find()).count();
        return new StackResult(valid.size(), completed, stored, deadLetterReasons.size(), spanning, traced,
                deadLetterReasons, reports);
    }

    private StackResult.TurnOutcome progress(int number, int total, TurnLine line, RunObserver observer, boolean arrived,
                                             long sent) {
        String runId = line.turn().run().runId();
        RouteSelected route = observer.route(runId);
        List<String> candidates = route == null ? List.of()
                : route.candidates().stream().map(c -> c.capability().name() + " (" + c.matchReason() + ")").toList();
        out.printf("[%d/%d] %s: \"%s\"%n", number, total, runId, line.turn().question());
        out.printf("      route: %s%n", candidates.isEmpty() ? "no candidate" : String.join(", ", candidates));
        if (!arrived) {
            out.printf("      NOT COMPLETED within %d s%n", turnTimeout.toSeconds());
            return new StackResult.TurnOutcome(runId, line.turn().question(), false, null, null, -1, candidates, List.of());
        }
        RunObserver.Completion completion = observer.completion(runId);
        long latencyMs = Math.max(0, (completion.receivedAtNanos() - sent) / 1_000_000);
        out.printf("      %s (%d ms)%n", completion.event().summary(), latencyMs);
        boolean completed = !"failed".equals(completion.event().outcome());
        return new StackResult.TurnOutcome(runId, line.turn().question(), completed, completion.event().outcome(),
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

    private List<StackResult.TurnOutcome> awaitTraces(List<StackResult.TurnOutcome> outcomes, Map<String, String> traceIds) {
        await(AFTER_TIMEOUT, () -> outcomes.stream()
                .allMatch(o -> traces.servicesOf(traceIds.get(o.runId())).containsAll(StackOptions.SERVICES)));
        List<StackResult.TurnOutcome> traced = new ArrayList<>();
        for (StackResult.TurnOutcome o : outcomes) {
            Set<String> services = new HashSet<>(traces.servicesOf(traceIds.get(o.runId())));
            traced.add(new StackResult.TurnOutcome(o.runId(), o.question(), o.completed(), o.outcome(), o.summary(),
                    o.latencyMs(), o.candidates(), services.stream().sorted().toList()));
        }
        return traced;
    }

    private void printShadowSummary(Map<String, String> reports) {
        int agree = 0;
        List<String> divergences = new ArrayList<>();
        for (Map.Entry<String, String> report : reports.entrySet()) {
            try {
                JsonNode iteration = json.readTree(report.getValue()).path("iterations").path(0);
                if (iteration.path("agreement").asBoolean()) {
                    agree++;
                } else {
                    divergences.add(report.getKey() + ": classic " + describe(iteration.path("classicPlan"))
                            + " vs capability " + describe(iteration.path("capabilityPlan")));
                }
            } catch (IOException e) {
                divergences.add(report.getKey() + ": unreadable report");
            }
        }
        out.printf("Shadow summary: %d report(s) stored, %d agree, %d diverge%n", reports.size(), agree,
                divergences.size());
        divergences.forEach(d -> out.printf("  divergence %s%n", d));
    }

    private static String describe(JsonNode plan) {
        if (!"actions".equals(plan.path("outcome").asText())) {
            return "insufficient";
        }
        List<String> calls = new ArrayList<>();
        plan.path("actions").forEach(a -> calls.add(a.path("tool").asText() + a.path("arguments")));
        return String.join(" -> ", calls);
    }

    private String get(String url) {
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(url)).build(),
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
