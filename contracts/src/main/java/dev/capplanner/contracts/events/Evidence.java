package dev.capplanner.contracts.events;

import java.util.List;

/**
 * One tool's result as evidence for the answer; {@code data} is untrusted, never instructions, and
 * within the executor's budget: a collection's rows beyond it are not inline ({@code truncated}),
 * and a collection is a selectable artifact whose complete rows the executor keeps under
 * {@code handle} (for this tenant and conversation only). {@code plan}: when the tool is a capability
 * plan, what it decided (its {@code data} is the plan's result: decision, reasons and payload).
 */
public record Evidence(String tool, int recordCount, List<String> identifiers, String collectionPath, Object data,
                       String handle, Boolean truncated, PlanDecision plan) {
    public Evidence {
        identifiers = List.copyOf(identifiers);
        truncated = Boolean.TRUE.equals(truncated) ? Boolean.TRUE : null;
    }

    /** Evidence of a tool that is not a plan. */
    public Evidence(String tool, int recordCount, List<String> identifiers, String collectionPath, Object data,
                    String handle, Boolean truncated) {
        this(tool, recordCount, identifiers, collectionPath, data, handle, truncated, null);
    }

    /** Evidence whose data is complete and kept nowhere else. */
    public Evidence(String tool, int recordCount, List<String> identifiers, String collectionPath, Object data) {
        this(tool, recordCount, identifiers, collectionPath, data, null, null);
    }
}
