package dev.capplanner.localstack.replay;

import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.TraceParent;
import dev.capplanner.contracts.events.RouteSelected;
import dev.capplanner.contracts.events.SelectionCard;
import dev.capplanner.contracts.events.TurnRequested;
import dev.capplanner.contracts.principal.PrincipalTokenSigner;
import dev.capplanner.localstack.stack.ChatBackendClient;
import dev.capplanner.localstack.stack.ChatBackendKey;
import dev.capplanner.localstack.stack.LocalStack;
import dev.capplanner.localstack.stack.OtlpTraceReceiver;
import dev.capplanner.localstack.stack.ServiceProcess;
import dev.capplanner.localstack.stack.StackOptions;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * Replays a turns file the way a chat backend would (one turn at a time, keyed by conversation,
 * CloudEvents headers, a fresh trace per turn; a {@code {"select": N}} line is the user's choice of a
 * row the previous turn offered, {@link ChatSelections}) and collects what the suite promises to observe:
 * each turn's completion, its stored shadow report, the dead letters of bad lines with their
 * reason, and the services each turn's trace reached. Printing is the {@link ReplayPrinter}'s.
 */
public final class TurnReplay {

    private static final Duration AFTER_TIMEOUT = Duration.ofSeconds(30);
    private static final String CHAT_BACKEND = "urn:capplanner:local-stack-replay";

    private final String bootstrapServers;
    private final OtlpTraceReceiver traces;
    private final ServiceProcess reportService;
    private final Duration turnTimeout;
    private final ReplayPrinter printer;
    private final HttpClient http = HttpClient.newHttpClient();
    private final String analystToken;
    private final ChatSelections selections;
    private final PrincipalTokenSigner signer;

    /** A replay on a stack started here, as the demo's chat backend (its tenants' analyst reads the reports). */
    public static TurnReplay on(LocalStack stack) {
        return new TurnReplay(stack.kafkaBootstrapServers(), stack.traceReceiver().orElseThrow(),
                stack.apps().get("shadow-report-service"), stack.apps().get("executor-service"), stack.analystToken(),
                stack.turnSigner(), stack.options().turnTimeout(), new ReplayPrinter(stack.out()));
    }

    /** Replays a turns file on the running stack (as a chat backend would go on publishing). */
    public StackResult replay(Path turnsFile) {
        return run(TurnLine.read(turnsFile));
    }

    TurnReplay(String bootstrapServers, OtlpTraceReceiver traces, ServiceProcess reportService, ServiceProcess executor,
               String analystToken, PrincipalTokenSigner signer, Duration turnTimeout, ReplayPrinter printer) {
        this.analystToken = analystToken;
        this.signer = signer;
        this.selections = new ChatSelections(executor, signer);
        this.bootstrapServers = bootstrapServers;
        this.traces = traces;
        this.reportService = reportService;
        this.turnTimeout = turnTimeout;
        this.printer = printer;
    }

    StackResult run(List<TurnLine> lines) {
        int turns = (int) lines.stream().filter(line -> line.valid() || line.selects()).count();
        int invalid = (int) lines.stream().filter(line -> !line.valid() && !line.selects()).count();
        Map<String, String> traceIds = new LinkedHashMap<>();
        List<StackResult.TurnOutcome> outcomes = new ArrayList<>();
        List<String> replayedRuns = new ArrayList<>();
        Map<String, String> deadLetterReasons = new LinkedHashMap<>();
        try (ChatBackendClient kafka = new ChatBackendClient(bootstrapServers);
             RunObserver observer = new RunObserver(kafka)) {
            printer.started(lines.size(), turns, invalid);
            TurnRequested previous = null;
            int step = 0;
            for (TurnLine line : lines) {
                if (line.selects()) {
                    step++;
                    RunObserver.Completion completion = previous == null ? null
                            : observer.completion(previous.run().runId());
                    Optional<ChatSelections.Choice> choice = completion == null ? Optional.empty()
                            : selections.choose(previous, completion.event(), line.select());
                    if (choice.isEmpty()) {
                        printer.nothingToChoose(step, turns, line);
                    } else if (choice.get().reasked() == null) {
                        printer.chosen(step, turns, line, choice.get().selection());
                    } else {
                        previous = choice.get().reasked();
                        outcomes.add(replay(kafka, observer, previous, ChatSelections.json(previous), traceIds, step, turns));
                        replayedRuns.add(previous.run().runId());
                    }
                    continue;
                }
                if (!line.valid()) {
                    kafka.publish(EventType.TURN_REQUESTED.topic(), keyOf(line), line.raw(),
                            Map.of(TraceParent.HEADER, TraceParent.newTrace().header()));
                    printer.invalidLinePublished(line);
                    continue;
                }
                step++;
                TurnRequested turn = selections.withPendingSelection(line.turn());
                previous = turn;
                outcomes.add(replay(kafka, observer, turn, turn == line.turn() ? line.raw() : ChatSelections.json(turn),
                        traceIds, step, turns));
                replayedRuns.add(turn.run().runId());
            }
            for (TurnLine line : lines) {
                if (!line.valid() && !line.selects()) {
                    await(AFTER_TIMEOUT, () -> observer.deadLetterReason(keyOf(line)) != null);
                    String reason = observer.deadLetterReason(keyOf(line));
                    if (reason != null) {
                        deadLetterReasons.put("line " + line.number(), reason);
                        printer.deadLettered(line, reason);
                    }
                }
            }
            // Classic compares nothing, so its turns get no shadow report to wait for.
            replayedRuns.removeIf(runId -> !observer.compared(runId));
        }
        Map<String, String> reports = awaitReports(replayedRuns);
        printer.shadowSummary(reports);
        return new StackResult(withTraces(outcomes, traceIds), deadLetterReasons, reports);
    }

    /** The key an invalid line is published with, by which its dead letter is found (its payload is encrypted). */
    private static String keyOf(TurnLine line) {
        return "line-" + line.number();
    }

    /** One turn as a chat backend sends it: keyed by conversation, CloudEvents headers, a fresh trace, signed. */
    private StackResult.TurnOutcome replay(ChatBackendClient kafka, RunObserver observer, TurnRequested turn, String raw,
                                           Map<String, String> traceIds, int step, int turns) {
        TraceParent trace = TraceParent.newTrace();
        String runId = turn.run().runId();
        traceIds.put(runId, trace.traceId());
        long sent = System.nanoTime();
        kafka.publish(EventType.TURN_REQUESTED.topic(), turn.run().conversationId(), raw,
                ChatBackendKey.signedTurnHeaders(turn, CHAT_BACKEND, trace, signer));
        await(turnTimeout, () -> observer.completion(runId) != null);
        StackResult.TurnOutcome outcome = observed(turn, observer, sent);
        printer.turn(step, turns, outcome, turnTimeout);
        return outcome;
    }

    private StackResult.TurnOutcome observed(TurnRequested turn, RunObserver observer, long sent) {
        String runId = turn.run().runId();
        RouteSelected route = observer.route(runId);
        List<String> candidates = route == null ? List.of()
                : route.candidates().stream().map(c -> c.capability().name() + " (" + c.matchReason() + ")").toList();
        RunObserver.Completion completion = observer.completion(runId);
        if (completion == null) {
            return new StackResult.TurnOutcome(runId, turn.question(), null, null, -1, candidates, List.of());
        }
        long latencyMs = Math.max(0, (completion.receivedAtNanos() - sent) / 1_000_000);
        return new StackResult.TurnOutcome(runId, turn.question(), completion.event().outcome(),
                completion.event().summary(), latencyMs, candidates, List.of(),
                choices(completion.event().selectionCard()));
    }

    /** The card as a chat backend would show it: "1) C-1001, Riccardo Lorini, Milano; 2) ...". */
    static String choices(SelectionCard card) {
        if (card == null) {
            return null;
        }
        return card.options().stream().map(option -> option.row() + ") " + card.columns().stream()
                .map(option.values()::get).filter(java.util.Objects::nonNull)
                .collect(java.util.stream.Collectors.joining(", "))).collect(java.util.stream.Collectors.joining("; "));
    }

    private Map<String, String> awaitReports(List<String> runIds) {
        Map<String, String> reports = new LinkedHashMap<>();
        long deadline = System.nanoTime() + AFTER_TIMEOUT.toNanos();
        for (String runId : runIds) {
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
                    o.candidates(), services.stream().sorted().toList(), o.choices()));
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
