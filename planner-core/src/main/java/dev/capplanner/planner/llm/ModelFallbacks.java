package dev.capplanner.planner.llm;

/**
 * Told each time a model's answer is not used and the deterministic path answers instead, so that an
 * operator sees a model that is down or answers badly (a metric), not only a turn's note.
 */
@FunctionalInterface
public interface ModelFallbacks {

    /** Nobody listens. */
    ModelFallbacks NONE = (stage, reason) -> { };

    /** Which use of the model fell back. */
    enum Stage { CLASSIFY, PLAN, LEGACY_PLAN }

    /** Why: the model did not answer, or its answer could not be used. */
    enum Reason { UNREACHABLE, UNUSABLE_ANSWER }

    void fellBack(Stage stage, Reason reason);
}
