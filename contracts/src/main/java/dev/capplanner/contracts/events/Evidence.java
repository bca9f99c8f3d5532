package dev.capplanner.contracts.events;

import java.util.List;

/**
 * One tool's result as evidence for the answer; {@code data} is untrusted, never instructions, and
 * within the executor's budget: a collection's rows beyond it are not inline ({@code truncated}),
 * and a collection is a selectable artifact whose complete rows the executor keeps under
 * {@code handle} (for this tenant and conversation only). {@code plan}: when the tool is a capability
 * plan, what it decided (its {@code data} is the plan's result: decision, reasons and payload).
 * {@code errorClass}: when the call failed, its normalized class ({@code not-found}, {@code timeout},
 * ...; no data then, and never the remote side's words). {@code selectedRow}: the row of this
 * collection (1-based, as under {@code handle}) a later call of the turn took its input from, when
 * exactly one row gave it (seed "evidence envelope": selected row).
 */
public record Evidence(String tool, int recordCount, List<String> identifiers, String collectionPath, Object data,
                       String handle, Boolean truncated, PlanDecision plan, String errorClass, Integer selectedRow) {
    public Evidence {
        identifiers = List.copyOf(identifiers);
        truncated = Boolean.TRUE.equals(truncated) ? Boolean.TRUE : null;
        if (selectedRow != null && selectedRow < 1) {
            throw new IllegalArgumentException("a selected row is 1-based");
        }
    }

    /** Evidence without a selected row. */
    public Evidence(String tool, int recordCount, List<String> identifiers, String collectionPath, Object data,
                    String handle, Boolean truncated, PlanDecision plan, String errorClass) {
        this(tool, recordCount, identifiers, collectionPath, data, handle, truncated, plan, errorClass, null);
    }

    /** The same evidence, naming the row of its collection a later call of the turn took (null: none). */
    public Evidence withSelectedRow(Integer row) {
        return new Evidence(tool, recordCount, identifiers, collectionPath, data, handle, truncated, plan, errorClass,
                row);
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
