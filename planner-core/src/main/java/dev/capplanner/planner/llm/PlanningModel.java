package dev.capplanner.planner.llm;

/** One chat completion: a system message and a user message in, the assistant's text out. */
@FunctionalInterface
public interface PlanningModel {

    /** @throws PlanningModelUnavailableException when the provider cannot be reached or does not answer */
    String complete(String system, String user);
}
