package dev.capplanner.planning.evaluation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.capplanner.planner.plan.ArgumentSource;
import dev.capplanner.planner.plan.PlannedCall;
import dev.capplanner.planner.plan.PlannerKind;
import dev.capplanner.planner.plan.ToolPlan;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Grading plans against the gold, and the command over the demo support desk's own gold file. */
class PlanningEvaluationTest {

    static final Path HOME = Path.of(System.getProperty("capplanner.home", "..")).toAbsolutePath();
    static final String DEMO = HOME.resolve("demo-api/src/main/resources/META-INF/resources/openapi.json").toString();

    @TempDir
    Path temp;

    static final PlanningGoldQuestion TWO_STEPS = new PlanningGoldQuestion("q", "Open tickets of Anna Conti", null,
            List.of(new PlanningGoldQuestion.ExpectedCall("customers.search", Map.of("name", "Anna Conti")),
                    new PlanningGoldQuestion.ExpectedCall("tickets.list", Map.of("status", "open"))));

    @Test
    void aPlanIsExactWithTheSameToolsInOrderAndTheSameArgumentsOfItsOwn() {
        assertThat(PlanningEvaluation.grade(TWO_STEPS, plan(Map.of("status", "open"))).exact()).isTrue();
        PlanningResult.Graded noFilter = PlanningEvaluation.grade(TWO_STEPS, plan(Map.of()));
        assertThat(noFilter.sameTools()).isTrue();
        assertThat(noFilter.exact()).as("a filter the question states is missing").isFalse();
        assertThat(PlanningEvaluation.grade(TWO_STEPS, plan(Map.of("status", "open", "priority", "high"))).exact())
                .as("an argument nobody asked for").isFalse();
        ToolPlan reversed = ToolPlan.actions(PlannerKind.CAPABILITY, List.of(
                PlannedCall.of("a1", "api:demo-api/tickets.list", Map.of("status", "open")),
                PlannedCall.of("a2", "api:demo-api/customers.search", Map.of("name", "Anna Conti"))));
        assertThat(PlanningEvaluation.grade(TWO_STEPS, reversed).sameTools()).isFalse();
        PlanningResult.Graded insufficient = PlanningEvaluation.grade(TWO_STEPS,
                ToolPlan.insufficient(PlannerKind.CAPABILITY, "nothing fits"));
        assertThat(insufficient.exact()).isFalse();
        assertThat(insufficient.planned()).containsExactly("insufficient");
    }

    @Test
    void numbersCompareByValueAndInsufficientIsRightOnlyWhereTheGoldSaysSo() {
        PlanningGoldQuestion last = new PlanningGoldQuestion("q", "last order", null,
                List.of(new PlanningGoldQuestion.ExpectedCall("orders.list", Map.of("limit", 1))));
        assertThat(PlanningEvaluation.grade(last, ToolPlan.actions(PlannerKind.CAPABILITY,
                List.of(PlannedCall.of("a1", "api:demo-api/orders.list", Map.of("limit", 1L))))).exact()).isTrue();
        PlanningGoldQuestion noFit = new PlanningGoldQuestion("q", "rain tomorrow?", null, List.of());
        assertThat(PlanningEvaluation.grade(noFit, ToolPlan.insufficient(PlannerKind.CAPABILITY, "no route")).exact())
                .isTrue();
        assertThat(PlanningEvaluation.grade(noFit, plan(Map.of())).exact()).isFalse();
        PlanningGoldQuestion command = new PlanningGoldQuestion("q", "Cancel order O-5012", null, List.of());
        PlanningResult.Graded refused = PlanningEvaluation.grade(command, new ToolPlan.Refused(PlannerKind.CAPABILITY,
                "This assistant only reads data", "orders.detail"));
        assertThat(refused.exact()).as("a refused command plans no call, as the gold wants").isTrue();
        assertThat(refused.planned()).containsExactly("refused");
    }

    @Test
    void aGoldLineWithoutPlanOrOutcomeIsRefusedWithItsNumber() throws IOException {
        Path gold = temp.resolve("gold.jsonl");
        Files.writeString(gold, "{\"id\":\"a\",\"question\":\"x\",\"outcome\":\"insufficient\"}\n{\"id\":\"b\",\"question\":\"y\"}\n");
        assertThatThrownBy(() -> PlanningGoldQuestion.read(gold)).hasMessageStartingWith("gold line 2 needs");
    }

    @Test
    void theDemoGoldFilePlansOverTheDemoDocumentAtLeastAsWellAsMeasured() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = PlanningEvaluationMain.run(new String[] {"--openapi", DEMO, "--questions",
                HOME.resolve("planning-eval/goldset/questions.jsonl").toString(), "--connection", "demo-api",
                "--hidden", "tenant"}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(code).isZero();
        String summary = out.toString(StandardCharsets.UTF_8).strip();
        assertThat(summary).matches("\\{\"questions\":(\\d+),\"exact_plan\":[01]\\.\\d{3},.*\"strategy\":\"hybrid\"}");
        assertThat(Integer.parseInt(summary.replaceAll("^\\{\"questions\":(\\d+),.*", "$1")))
                .as("the issue asks for at least 60 questions").isGreaterThanOrEqualTo(60);
        assertThat(Double.parseDouble(summary.replaceAll("^.*\"exact_plan\":([0-9.]+),.*", "$1")))
                .as("regression floor of the deterministic planner (docs/benchmarks.md)").isGreaterThanOrEqualTo(0.90);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("Planning ").contains("over 11 read-only capabilities");
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({"heldout.jsonl, 0.93", "heldout2.jsonl, 0.92", "heldout3.jsonl, 0.86",
            "heldout4.jsonl, 0.90", "heldout5.jsonl, 0.90"})
    void theHeldOutFilesPlanAtLeastAsWellAsRecorded(String file, double floor) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = PlanningEvaluationMain.run(new String[] {"--openapi", DEMO, "--questions",
                HOME.resolve("planning-eval/goldset/" + file).toString(), "--connection", "demo-api",
                "--hidden", "tenant"}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        assertThat(code).isZero();
        String summary = out.toString(StandardCharsets.UTF_8).strip();
        assertThat(Double.parseDouble(summary.replaceAll("^.*\"exact_plan\":([0-9.]+),.*", "$1")))
                .as(file + ": regression floor below the figure in docs/benchmarks.md").isGreaterThanOrEqualTo(floor);
    }

    @Test
    void aGoldToolTheCatalogDoesNotHoldStopsTheRun() throws IOException {
        Path gold = temp.resolve("gold.jsonl");
        Files.writeString(gold, "{\"id\":\"a\",\"question\":\"x\",\"plan\":[{\"tool\":\"orders.cancel\"}]}\n");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = PlanningEvaluationMain.run(new String[] {"--openapi", DEMO, "--questions", gold.toString(),
                "--hidden", "tenant"}, new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true,
                StandardCharsets.UTF_8));
        assertThat(code).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("[a:orders.cancel]");
    }

    private static ToolPlan plan(Map<String, Object> ticketFilters) {
        return ToolPlan.actions(PlannerKind.CAPABILITY, List.of(
                PlannedCall.of("a1", "api:demo-api/customers.search", Map.of("name", "Anna Conti")),
                new PlannedCall("a2", "api:demo-api/tickets.list", ticketFilters, List.of("a1"),
                        Map.of("customerId", new ArgumentSource("a1", "items[].id")))));
    }
}
