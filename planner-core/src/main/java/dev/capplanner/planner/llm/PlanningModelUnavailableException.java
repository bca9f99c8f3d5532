package dev.capplanner.planner.llm;

/** The model provider could not be reached, timed out or failed: the planner plans without it. */
public class PlanningModelUnavailableException extends RuntimeException {

    public PlanningModelUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
