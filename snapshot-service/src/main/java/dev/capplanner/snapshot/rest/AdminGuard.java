package dev.capplanner.snapshot.rest;

import dev.capplanner.contracts.http.Problem;
import dev.capplanner.problems.Problems;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.util.Optional;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Only an operator holding an admin token (the admin role) reaches {@code /admin}, and the request
 * carries who that operator is ({@link AdminOperator}); with no token configured nobody gets in.
 * Tokens are never logged.
 */
public class AdminGuard {

    private static final String BEARER = "Bearer ";

    private final OperatorTokens tokens;
    private final AdminOperator operator;

    public AdminGuard(OperatorTokens tokens, AdminOperator operator) {
        this.tokens = tokens;
        this.operator = operator;
    }

    @ServerRequestFilter
    public Optional<Response> guard(ContainerRequestContext request) {
        String path = request.getUriInfo().getPath();
        if (!path.equals("/admin") && !path.startsWith("/admin/")) {
            return Optional.empty();
        }
        if (tokens.isEmpty()) {
            return Optional.of(refuse(Response.Status.FORBIDDEN, "the admin API is disabled: no admin token configured"));
        }
        String header = request.getHeaderString(HttpHeaders.AUTHORIZATION);
        if (header == null || !header.startsWith(BEARER)) {
            return Optional.of(refuse(Response.Status.UNAUTHORIZED, "admin token required"));
        }
        Optional<String> identity = tokens.operatorOf(header.substring(BEARER.length()));
        if (identity.isEmpty()) {
            return Optional.of(refuse(Response.Status.FORBIDDEN, "not an admin"));
        }
        operator.authenticatedAs(identity.get());
        return Optional.empty();
    }

    private static Response refuse(Response.Status status, String message) {
        Response.ResponseBuilder refusal = Problems.builder(Problem.of(status.getStatusCode(), message));
        return status == Response.Status.UNAUTHORIZED ? refusal.header(HttpHeaders.WWW_AUTHENTICATE, "Bearer").build()
                : refusal.build();
    }
}
