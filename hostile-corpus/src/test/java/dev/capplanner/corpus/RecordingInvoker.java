package dev.capplanner.corpus;

import dev.capplanner.executor.invocation.ToolInvoker;
import dev.capplanner.executor.invocation.ToolResponse;
import dev.capplanner.executor.request.ToolEndpoint;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The executor's invoker with no network: records every physical call it is handed and answers like
 * the target would, with the entry's text planted in the output when the entry says so (in a
 * {@code note}, a field no tool declares as an identifier path, beside the declared ids).
 */
final class RecordingInvoker implements ToolInvoker {

    /** One physical call, as the executor made it. */
    record Call(ToolEndpoint endpoint, Map<String, Object> arguments, Object answered) {
    }

    private final CorpusEntry entry;
    private final List<Call> calls = new ArrayList<>();

    RecordingInvoker(CorpusEntry entry) {
        this.entry = entry;
    }

    @Override
    public synchronized CompletionStage<ToolResponse> invoke(ToolEndpoint endpoint, Map<String, Object> arguments) {
        Object note = entry.plantedIn("tool-output") ? entry.plantedValue() : "ok";
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", endpoint.path().contains("customer") ? "C-1001" : "O-5002");
        row.put("status", "shipped");
        row.put("note", note);
        Map<String, Object> body = endpoint.path().equals("get_customer")
                ? Map.of("id", "C-1001", "name", "Ada Lovelace", "note", note)
                : Map.of("items", List.of(row), "note", note);
        calls.add(new Call(endpoint, Map.copyOf(arguments), body));
        return CompletableFuture.completedFuture(endpoint.callsMcpTool() ? ToolResponse.mcp(body)
                : ToolResponse.http(200, body));
    }

    synchronized List<Call> calls() {
        return List.copyOf(calls);
    }
}
