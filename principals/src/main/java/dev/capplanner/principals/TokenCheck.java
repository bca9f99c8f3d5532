package dev.capplanner.principals;

import java.util.Map;

/** What verifying a principal token found: its issuer and claims, or the check it failed. */
public sealed interface TokenCheck {

    /** Signature, issuer, audience and lifetime hold: the claims are the issuer's word. */
    record Verified(PrincipalIssuer issuer, Map<String, Object> claims) implements TokenCheck {

        public Verified {
            claims = Map.copyOf(claims);
        }
    }

    /** The token failed {@code check}: a reason a person can act on, never the token or its claims. */
    record Failed(String check) implements TokenCheck {
    }
}
