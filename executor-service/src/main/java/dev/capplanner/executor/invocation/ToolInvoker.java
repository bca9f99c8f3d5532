package dev.capplanner.executor.invocation;

import java.util.concurrent.CompletionStage;

/** Makes one physical read-only call to a target service. */
public interface ToolInvoker {

    CompletionStage<ToolResponse> invoke(String service, String method, String pathAndQuery);
}
