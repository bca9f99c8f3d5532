package dev.capplanner.capabilityplans.execution;

/** What one physical call of a step came back with. */
public sealed interface StepResponse {

    /** The call's result; {@code collectionPath} where its rows are (null: the result itself is the row or rows). */
    record Returned(Object body, String collectionPath) implements StepResponse {
    }

    /** The target said there is no such object (HTTP 404): no row. */
    record NotFound() implements StepResponse {
    }

    /** The last mile refused the call: {@code rule} is its denial rule. */
    record Refused(String rule, String reason) implements StepResponse {
    }

    record Failed(String reason) implements StepResponse {
    }
}
