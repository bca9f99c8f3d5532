package dev.capplanner.localstack.replay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Shows a replay as it goes: each turn's route and outcome, dead letters, and a shadow summary. */
public final class ReplayPrinter {

    private final PrintStream out;
    private final ObjectMapper json = new ObjectMapper();

    ReplayPrinter(PrintStream out) {
        this.out = out;
    }

    void started(int lines, int turns, int invalid) {
        out.printf("Replaying %d line(s): %d turn(s), %d expected to be dead-lettered%n", lines, turns, invalid);
    }

    void chosen(int number, int total, TurnLine line, dev.capplanner.contracts.events.Selection selection) {
        out.printf("[%d/%d] select %d: %s %s from %s is the next turn's selection%n", number, total, line.select(),
                selection.entity(), selection.row().get("id"), selection.capability());
    }

    void nothingToChoose(int number, int total, TurnLine line) {
        out.printf("[%d/%d] select %d: the previous turn offered no such row; nothing chosen%n", number, total,
                line.select());
    }

    void invalidLinePublished(TurnLine line) {
        out.printf("  line %d: not a valid turn (%s); published to show dead-lettering%n", line.number(),
                line.rejection());
    }

    void turn(int number, int total, StackResult.TurnOutcome turn, Duration timeout) {
        out.printf("[%d/%d] %s: \"%s\"%n", number, total, turn.runId(), turn.question());
        out.printf("      route: %s%n", turn.candidates().isEmpty() ? "no candidate" : String.join(", ", turn.candidates()));
        if (turn.completed()) {
            out.printf("      %s (%d ms)%n", turn.summary(), turn.latencyMs());
            if (turn.choices() != null) {
                out.printf("      choose: %s%n", turn.choices());
            }
        } else {
            out.printf("      NOT COMPLETED within %d s%n", timeout.toSeconds());
        }
    }

    void deadLettered(TurnLine line, String reason) {
        out.printf("  line %d dead-lettered: %s%n", line.number(), reason);
    }

    void shadowSummary(Map<String, String> reports) {
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
        String outcome = plan.path("outcome").asText();
        if (!"actions".equals(outcome)) {
            return plan.hasNonNull("alternative") ? outcome + " (offers " + plan.path("alternative").asText() + ")"
                    : outcome;
        }
        List<String> calls = new ArrayList<>();
        plan.path("actions").forEach(a -> calls.add(a.path("tool").asText() + a.path("arguments") + chained(a)));
        return String.join(" -> ", calls);
    }

    /** The arguments an action takes from earlier ones, as {@code {customerId<-a1.items[].id}}. */
    private static String chained(JsonNode action) {
        List<String> sources = new ArrayList<>();
        action.path("from").fields().forEachRemaining(source -> sources.add(source.getKey() + "<-"
                + source.getValue().path("action").asText() + "." + source.getValue().path("path").asText()));
        return sources.isEmpty() ? "" : "{" + String.join(",", sources) + "}";
    }
}
