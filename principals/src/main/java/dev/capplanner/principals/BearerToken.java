package dev.capplanner.principals;

import dev.capplanner.contracts.PrincipalHeader;
import java.util.List;

/**
 * The one bearer token a request's header values carry, or the check they fail: a request carries
 * exactly one {@code Bearer <token>} (two are refused, never chosen between). Shared by principal
 * tokens and service tokens.
 *
 * @param token   the token, or null
 * @param problem why there is none, or null
 */
public record BearerToken(String token, String problem) {

    /**
     * @param kind   what the token is ("principal", "service"), as the checks name it
     * @param header what the header is called in the checks ("principal", "authorization")
     */
    public static BearerToken in(List<String> headers, String kind, String header) {
        if (headers == null || headers.isEmpty()) {
            return new BearerToken(null, "no " + kind + " token");
        }
        if (headers.size() > 1) {
            return new BearerToken(null, "more than one " + kind + " token");
        }
        return PrincipalHeader.tokenIn(headers.get(0)).map(token -> new BearerToken(token, null))
                .orElseGet(() -> new BearerToken(null, "the " + header + " header is not 'Bearer <token>'"));
    }
}
