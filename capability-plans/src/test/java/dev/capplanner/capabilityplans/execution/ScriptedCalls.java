package dev.capplanner.capabilityplans.execution;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/** Step calls answered from a script per capability, every call recorded (id, capability, arguments). */
final class ScriptedCalls implements StepCalls {

    record Made(String callId, String capability, Map<String, Object> arguments) {
    }

    private final Map<String, Function<Map<String, Object>, StepResponse>> answers = new HashMap<>();
    final List<Made> made = new ArrayList<>();

    ScriptedCalls answer(String capability, Function<Map<String, Object>, StepResponse> answer) {
        answers.put(capability, answer);
        return this;
    }

    ScriptedCalls rows(String capability, List<Map<String, Object>> rows) {
        return answer(capability, arguments -> new StepResponse.Returned(Map.of("items", rows), "items"));
    }

    ScriptedCalls object(String capability, Map<String, Object> body) {
        return answer(capability, arguments -> new StepResponse.Returned(body, null));
    }

    @Override
    public CompletionStage<StepResponse> call(String callId, String capability, Map<String, Object> arguments) {
        made.add(new Made(callId, capability, arguments));
        Function<Map<String, Object>, StepResponse> answer = answers.get(capability);
        return CompletableFuture.completedFuture(answer == null
                ? new StepResponse.Failed("no script for " + capability) : answer.apply(arguments));
    }
}
