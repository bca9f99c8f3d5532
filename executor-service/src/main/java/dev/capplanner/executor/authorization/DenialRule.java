package dev.capplanner.executor.authorization;

import java.util.Locale;

/** Which last-mile rule refused a call: the label a denial is counted and audited under. */
public enum DenialRule {
    SNAPSHOT_SCOPE,
    NOT_IN_SNAPSHOT,
    NOT_READ_ONLY,
    IN_SHADOW,
    UNSAFE_METHOD,
    TARGET_UNAVAILABLE,
    HIDDEN_ARGUMENT,
    ARGUMENT_SCHEMA,
    REGISTRY_DENIED,
    AUTHORIZATION_UNAVAILABLE;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
