package dev.capplanner.executor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Diagnostic;
import dev.capplanner.contracts.events.TurnCompleted;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.executor.authorization.DenialRule;
import dev.capplanner.executor.execution.CallOutcome;
import dev.capplanner.executor.execution.ExecutionReport;
import dev.capplanner.executor.execution.TurnOutcome;
import dev.capplanner.executor.mapping.TurnDiagnostics;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Seed rule (opamp, developer mode): troubleshooting shows the failure class, the check that failed and
 * the capability, never values: a denial's reason and a failure's detail may hold arguments, so
 * neither is ever copied.
 */
class TurnDiagnosticsTest {

    @Test
    void eachRefusedOrFailedCallGivesItsCapabilityAndCheckOrClassAndNothingElse() {
        ExecutionReport report = new ExecutionReport(List.of(
                new CallOutcome.Denied("a1", "orders.detail", DenialRule.ARGUMENT_SCHEMA,
                        "arguments of orders.detail do not match its input schema at /orderId (O-SECRET-42)"),
                new CallOutcome.Failed("a2", "customers.search", 404, "HTTP 404 for Anna Rossi", 12, "demo-api"),
                new CallOutcome.Failed("a3", "mcp:crm/lookup", null, "the MCP tool reported an error: token=abc", 3,
                        "crm")), TurnOutcome.FAILED, "failed: ...");

        List<Diagnostic> diagnostics = TurnDiagnostics.of(report);

        assertThat(diagnostics).containsExactly(
                new Diagnostic("orders.detail", "argument-schema", null, null),
                new Diagnostic("customers.search", "call", "not-found", 404),
                new Diagnostic("mcp:crm/lookup", "call", "tool-error", null));
        assertThat(RunEventJson.toJson(diagnostics)).doesNotContain("SECRET").doesNotContain("Anna")
                .doesNotContain("token");
        assertThat(TurnDiagnostics.worthAsking(report)).isTrue();
    }

    @Test
    void aTurnWhoseCallsAllAnsweredHasNothingToDiagnoseSoNoSwitchIsAsked() {
        ExecutionReport report = new ExecutionReport(List.of(), TurnOutcome.INSUFFICIENT, "insufficient: ...");
        assertThat(TurnDiagnostics.worthAsking(report)).isFalse();
        assertThat(TurnDiagnostics.of(report)).isEmpty();
    }

    @Test
    void aFanOutsRepeatedFailureIsToldOnceAndNoTurnTellsMoreThanTheContractBound() {
        List<CallOutcome> results = new ArrayList<>();
        IntStream.range(0, 5).forEach(i -> results.add(new CallOutcome.Failed("m" + i, "orders.detail", 503,
                "HTTP 503", 5, "demo-api")));
        IntStream.range(0, 40).forEach(i -> results.add(new CallOutcome.Denied("d" + i, "tool" + i,
                DenialRule.NOT_IN_SNAPSHOT, "tool" + i + " is not in the run's snapshot")));

        List<Diagnostic> diagnostics = TurnDiagnostics.of(new ExecutionReport(results, TurnOutcome.FAILED, "failed"));

        assertThat(diagnostics).hasSize(TurnCompleted.MAX_DIAGNOSTICS);
        assertThat(diagnostics.get(0)).isEqualTo(new Diagnostic("orders.detail", "call", "service-error", 503));
        assertThat(diagnostics.stream().filter(d -> d.capability().equals("orders.detail"))).hasSize(1);
    }
}
