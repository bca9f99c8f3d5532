package dev.capplanner.executor.execution;

import java.util.Locale;

/** How a turn ended, as the chat backend reads it. */
public enum TurnOutcome {
    ANSWERED, INSUFFICIENT, DENIED, FAILED;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
