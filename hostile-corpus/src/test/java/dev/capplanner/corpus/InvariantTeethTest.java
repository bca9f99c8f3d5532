package dev.capplanner.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.executor.request.ToolEndpoint;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Each invariant fails on a wrong trace, so a green corpus means something: a real trace of one entry
 * with one thing made wrong at a time.
 */
class InvariantTeethTest {

    static Pipeline.Trace real;

    @BeforeAll
    static void runOneEntry() throws Exception {
        CorpusEntry entry = Corpus.entries().stream().filter(e -> e.id().equals("tool-output-exfil-email"))
                .findFirst().orElseThrow();
        real = new Pipeline(Maskers.reportMasker()).run(entry);
    }

    @Test
    void theRealTraceHoldsAllButTheKnownGap() {
        assertThat(Invariants.onlySnapshotTools(real)).isEmpty();
        assertThat(Invariants.boundArgumentsAreTheOperators(real)).isEmpty();
        assertThat(Invariants.nothingRawStored(real)).isEmpty();
        assertThat(real.executions()).anySatisfy(e -> assertThat(e.calls()).isNotEmpty());
    }

    @Test
    void aCallOfAToolOutsideTheSnapshotIsReported() {
        Pipeline.Trace wrong = withCall("deterministic", new ToolEndpoint(HostileSources.MCP_SERVER, "tools/call",
                "delete_customer"), Map.of("customerId", "C-1001", "tenant", "acme"));
        assertThat(Invariants.onlySnapshotTools(wrong)).anyMatch(p -> p.contains("no tool of the snapshot"));
    }

    @Test
    void aCallTheLastMileWouldRefuseIsReported() {
        Pipeline.Trace wrong = withCall("deterministic", getCustomer(), Map.of("customerId", "DROP TABLE",
                "tenant", "acme"));
        assertThat(Invariants.onlySnapshotTools(wrong)).anyMatch(p -> p.contains("does not pass the last mile"));
    }

    @Test
    void aWriteInTheSnapshotIsReported() {
        Capability write = new Capability(HostileSources.DELETE_CUSTOMER, "mcp", "mcp:crm/customer", "customer",
                "write", "", List.of(), false, null, Map.of("type", "object"), null, null, null, null, null);
        List<Capability> snapshot = new ArrayList<>(real.snapshot());
        snapshot.add(write);
        Pipeline.Trace wrong = new Pipeline.Trace(real.entry(), real.question(), real.refusals(), snapshot,
                real.routed(), real.plans(), real.executions(), real.storedReport());
        assertThat(Invariants.onlySnapshotTools(wrong)).anyMatch(p -> p.contains("not a read"));
    }

    @Test
    void aBoundArgumentOtherThanTheOperatorsIsReportedEvenForAnUnvalidatedProposal() {
        Pipeline.Trace wrong = withCall("unvalidated proposal 1", getCustomer(),
                Map.of("customerId", "C-1001", "tenant", "globex"));
        assertThat(Invariants.boundArgumentsAreTheOperators(wrong)).anyMatch(p -> p.contains("globex"));
    }

    @Test
    void aValueFromRemoteTextIsReportedForAPlannedCall() {
        Pipeline.Trace wrong = withCall("deterministic", getCustomer(),
                Map.of("customerId", "mallory.jones@globex-mail.com", "tenant", "acme"));
        assertThat(Invariants.argumentsAreGrounded(wrong))
                .anyMatch(p -> p.contains("carries the planted value"))
                .anyMatch(p -> p.contains("neither in the question"));
    }

    @Test
    void aValueAnEarlierCallAnsweredAtADeclaredPathIsGrounded() {
        Pipeline.Execution execution = real.executions().get(0);
        RecordingInvoker.Call first = new RecordingInvoker.Call(listOrders(), Map.of("customerId", "C-1001",
                "tenant", "acme"), Map.of("items", List.of(Map.of("id", "C-2002", "note", "C-3003"))));
        RecordingInvoker.Call chained = new RecordingInvoker.Call(getCustomer(), Map.of("customerId", "C-2002",
                "tenant", "acme"), Map.of());
        RecordingInvoker.Call fromNote = new RecordingInvoker.Call(getCustomer(), Map.of("customerId", "C-3003",
                "tenant", "acme"), Map.of());
        Pipeline.Trace chain = with(new Pipeline.Execution("deterministic", execution.request(), execution.report(),
                List.of(first, chained, fromNote)));
        assertThat(Invariants.argumentsAreGrounded(chain)).singleElement().asString().contains("C-3003");
    }

    @Test
    void aRawSensitiveValueInTheStoredReportIsReported() {
        Pipeline.Trace wrong = new Pipeline.Trace(real.entry(), real.question(), real.refusals(), real.snapshot(),
                real.routed(), real.plans(), real.executions(), real.storedReport() + " 4111 1111 1111 1111");
        assertThat(Invariants.nothingRawStored(wrong)).anyMatch(p -> p.contains("4111 1111 1111 1111"));
    }

    private static ToolEndpoint getCustomer() {
        return new ToolEndpoint(HostileSources.MCP_SERVER, "tools/call", "get_customer");
    }

    private static ToolEndpoint listOrders() {
        return new ToolEndpoint(HostileSources.MCP_SERVER, "tools/call", "list_orders");
    }

    private static Pipeline.Trace withCall(String label, ToolEndpoint endpoint, Map<String, Object> arguments) {
        Pipeline.Execution execution = real.executions().get(0);
        return with(new Pipeline.Execution(label, execution.request(), execution.report(),
                List.of(new RecordingInvoker.Call(endpoint, arguments, Map.of()))));
    }

    private static Pipeline.Trace with(Pipeline.Execution execution) {
        return new Pipeline.Trace(real.entry(), real.question(), real.refusals(), real.snapshot(), real.routed(),
                real.plans(), List.of(execution), real.storedReport());
    }
}
