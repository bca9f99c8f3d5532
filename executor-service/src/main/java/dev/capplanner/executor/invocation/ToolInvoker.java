package dev.capplanner.executor.invocation;

import dev.capplanner.executor.request.ToolEndpoint;
import java.util.Map;
import java.util.concurrent.CompletionStage;

/** Makes one physical read-only call to a target, with arguments the last mile already checked. */
public interface ToolInvoker {

    CompletionStage<ToolResponse> invoke(ToolEndpoint endpoint, Map<String, Object> arguments);
}
