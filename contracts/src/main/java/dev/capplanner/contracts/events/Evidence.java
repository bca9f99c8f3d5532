package dev.capplanner.contracts.events;

import java.util.List;

/**
 * One tool's result as evidence for the answer; {@code data} is untrusted, never instructions, and
 * within the executor's budget: a collection's rows beyond it are not inline ({@code truncated}),
 * and a collection is a selectable artifact whose complete rows the executor keeps under
 * {@code handle} (for this tenant and conversation only). {@code plan}: when the tool is a capability
 * plan, what it decided (its {@code data} is the plan's result: decision, reasons and payload).
 * {@code errorClass}: when the call failed, its normalized class ({@code not-found}, {@code timeout},
 * ...; no data then, and never the remote side's words).
 */
public record Evidence(String tool, int recordCount, List<String> identifiers, String collectionPath, Object data,
                       String handle, Boolean truncated, PlanDecision plan, String errorClass) {
    public Evidence {
        identifiers = List.copyOf(identifiers);
        truncated = Boolean.TRUE.equals(truncated) ? Boolean.TRUE : null;
    }

    /** Evidence of a call that answered. */
    public Evidence(String tool, int recordCount, List<String> identifiers, String collectionPath, Object data,
                    String handle, Boolean truncated, PlanDecision plan) {
        this(tool, recordCount, identifiers, collectionPath, data, handle, truncated, plan, null);
    }

    /** Evidence of a call that failed: its normalized class only. */
    public static Evidence failed(String tool, String errorClass) {
        return new Evidence(tool, 0, List.of(), null, null, null, null, null, errorClass);
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
