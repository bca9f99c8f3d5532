package dev.capplanner.principals;

/** Verifies a principal token against the issuers the suite is configured with. */
@FunctionalInterface
public interface PrincipalTokens {

    TokenCheck verify(String token);
}
