package dev.capplanner.principals.rest;

import dev.capplanner.contracts.http.Problem;
import dev.capplanner.principals.BearerToken;
import dev.capplanner.principals.services.CallerCheck;
import dev.capplanner.principals.services.ServiceCaller;
import dev.capplanner.principals.services.ServiceCallers;
import dev.capplanner.problems.Problems;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Rule "authenticated internal APIs": a call to an internal endpoint carries a service token
 * ({@code Authorization: Bearer <token>}) of a caller this service knows, and that caller holds the
 * endpoint's scope. No token or a bad one: 401; a known caller without the scope: 403. The answer
 * names the check, never the token.
 */
public class InternalCallers {

    private static final Logger LOG = Logger.getLogger(InternalCallers.class);

    private final ServiceCallers callers;

    public InternalCallers(ServiceCallers callers) {
        this.callers = callers;
    }

    /**
     * Empty when the call may go on; otherwise the 401 or 403 that answers it.
     *
     * @param authorizations every {@code Authorization} header value of the request (null: none)
     */
    public Optional<Response> refusal(List<String> authorizations, String scope) {
        BearerToken bearer = BearerToken.in(authorizations, "service", "authorization");
        if (bearer.token() == null) {
            return Optional.of(answer(Response.Status.UNAUTHORIZED, bearer.problem(), scope));
        }
        CallerCheck check = callers.verify(bearer.token());
        if (check instanceof CallerCheck.Unknown unknown) {
            return Optional.of(answer(Response.Status.UNAUTHORIZED, unknown.check(), scope));
        }
        ServiceCaller caller = ((CallerCheck.Known) check).caller();
        if (!caller.may(scope)) {
            return Optional.of(answer(Response.Status.FORBIDDEN, "service " + caller.name() + " may not " + scope,
                    scope));
        }
        return Optional.empty();
    }

    private static Response answer(Response.Status status, String check, String scope) {
        LOG.warnf("internal_call_refused scope=%s status=%d check=%s", scope, status.getStatusCode(), check);
        Response.ResponseBuilder response = Problems.builder(Problem.of(status.getStatusCode(), check));
        return status == Response.Status.UNAUTHORIZED ? response.header(HttpHeaders.WWW_AUTHENTICATE, "Bearer").build()
                : response.build();
    }
}
