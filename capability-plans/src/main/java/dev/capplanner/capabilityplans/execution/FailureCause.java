package dev.capplanner.capabilityplans.execution;

/** Why a plan could not decide. */
public enum FailureCause {
    /** A step's call failed (the target's error), or an anti-join's call was refused or failed. */
    CALL_FAILED,
    /** A required lookup found no row. */
    ROW_MISSING,
    /** A call returned what a step cannot use: several rows for a lookup, a sum over a value that is no number. */
    UNEXPECTED_DATA,
    /** The result does not match the plan's {@code returns}. */
    RESULT_MISMATCH,
    /** The decision and its reasons alone exceed the token budget. */
    OVER_BUDGET,
    /** The run context lacks what a hidden argument binds. */
    CONTEXT_MISSING
}
