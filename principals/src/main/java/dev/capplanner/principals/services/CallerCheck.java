package dev.capplanner.principals.services;

/** Who called an internal API, or the check its credential failed (never the credential itself). */
public sealed interface CallerCheck {

    record Known(ServiceCaller caller) implements CallerCheck {
    }

    record Unknown(String check) implements CallerCheck {
    }
}
