package dev.capplanner.contracts.events;

/**
 * One refused or failed call as a developer troubleshooting the tenant or user sees it (only while an
 * operator has troubleshooting on): the capability, the last-mile check that refused it ({@code call}:
 * it was made and failed), the normalized failure class and HTTP status of a failed call. Never a
 * value, an argument or the remote side's words.
 */
public record Diagnostic(String capability, String check, String failureClass, Integer httpStatus) {

    /** The check of a call that was made and failed. */
    public static final String CALL = "call";
}
