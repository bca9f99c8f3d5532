package dev.capplanner.principals.services;

/** Verifies a service token against the callers this service knows. */
@FunctionalInterface
public interface ServiceCallers {

    /** @param token the compact token of {@code Authorization: Bearer <token>} */
    CallerCheck verify(String token);
}
