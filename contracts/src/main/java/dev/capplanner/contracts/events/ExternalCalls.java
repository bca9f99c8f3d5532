package dev.capplanner.contracts.events;

/**
 * What one iteration's execution sent to remote systems: calls sent and calls the last mile refused
 * (never sent), and which planner's plan they came from, so a shadow report can show that the shadow
 * planner caused no call. Retries of a sent call are not counted again.
 *
 * @param plannedBy {@link Plan#CLASSIC} or {@link Plan#CAPABILITY}: the planner of the executed plan
 */
public record ExternalCalls(String plannedBy, int sent, int denied) {
}
