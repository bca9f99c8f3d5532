package dev.capplanner.principals.services;

import java.time.Instant;

/** Who called an internal API, or the check its credential failed (never the credential itself). */
public sealed interface CallerCheck {

    /** @param expires when the credential stops being valid (its {@code exp}) */
    record Known(ServiceCaller caller, Instant expires) implements CallerCheck {
    }

    record Unknown(String check) implements CallerCheck {
    }
}
