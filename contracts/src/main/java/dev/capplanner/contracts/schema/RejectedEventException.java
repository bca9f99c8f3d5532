package dev.capplanner.contracts.schema;

/**
 * An incoming record that cannot be processed as it is: its message is the reason a dead-letter
 * record carries, and never includes the payload itself.
 */
public class RejectedEventException extends RuntimeException {
    public RejectedEventException(String reason) {
        super(reason, null, false, false);
    }
}
