package dev.capplanner.importing.model;

import java.util.Locale;

/** What calling a capability changes: nothing, or data, or (destructive) data that is removed. */
public enum SideEffect {
    NONE, READ, WRITE, DESTRUCTIVE;

    public boolean readOnly() {
        return this == NONE || this == READ;
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
