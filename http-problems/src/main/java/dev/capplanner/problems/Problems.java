package dev.capplanner.problems;

import dev.capplanner.contracts.http.Problem;
import jakarta.ws.rs.core.Response;

/** Responses that carry a problem document: the one way a resource of the suite says no. */
public final class Problems {

    private Problems() {
    }

    public static Response response(int status, String detail) {
        return response(Problem.of(status, detail));
    }

    public static Response response(Problem problem) {
        return builder(problem).build();
    }

    /** For a refusal that needs more on the response (a {@code WWW-Authenticate} challenge). */
    public static Response.ResponseBuilder builder(Problem problem) {
        return Response.status(problem.status()).type(Problem.MEDIA_TYPE).entity(problem.body());
    }
}
