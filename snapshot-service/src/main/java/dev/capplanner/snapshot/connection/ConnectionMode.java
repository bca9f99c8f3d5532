package dev.capplanner.snapshot.connection;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * A connection's runtime mode (askmydocs: connectors are promoted and rolled back on their own,
 * independently of the planner mode): {@code off} nothing of it is in a snapshot or called;
 * {@code shadow} its capabilities are planned and compared (shadow reports), never called, and no
 * plan that needs one executes; {@code live} planned and called.
 */
public enum ConnectionMode {
    OFF, SHADOW, LIVE;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<ConnectionMode> fromWire(String name) {
        return Arrays.stream(values()).filter(mode -> mode.wireName().equals(name)).findFirst();
    }
}
