package dev.capplanner.router.routing.llm;

/**
 * Told each time the LLM router's answer is not used and the deterministic route is taken instead,
 * so that an operator sees a model that is down or answers badly (a metric), not only a log line.
 */
@FunctionalInterface
public interface RouteFallbacks {

    /** Nobody listens. */
    RouteFallbacks NONE = reason -> { };

    /**
     * Why: the call failed (no answer in time, an error, or an answer the model client could not
     * read as a route), or the answer held no list of tools.
     */
    enum Reason { MODEL_FAILED, UNUSABLE_ANSWER }

    void fellBack(Reason reason);
}
