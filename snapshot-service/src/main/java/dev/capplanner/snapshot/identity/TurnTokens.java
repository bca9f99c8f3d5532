package dev.capplanner.snapshot.identity;

/** Verifies a principal token against the issuers the suite is configured with. */
@FunctionalInterface
public interface TurnTokens {

    TokenCheck verify(String token);
}
