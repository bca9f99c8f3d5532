package dev.capplanner.problems;

import dev.capplanner.contracts.http.Problem;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/**
 * A refusal a resource raises ({@code NotFoundException("no connection crm")}, a 400, a 409) is
 * answered as a problem document whose {@code detail} is the exception's message, so a caller reads
 * why instead of an empty body. A response that already carries a body (built with
 * {@link Problems}) is sent as it is.
 */
@Provider
public class WebApplicationProblems implements ExceptionMapper<WebApplicationException> {

    @Override
    public Response toResponse(WebApplicationException exception) {
        Response original = exception.getResponse();
        if (original.hasEntity()) {
            return original;
        }
        return Problems.builder(Problem.of(original.getStatus(), exception.getMessage()))
                .replaceAll(original.getHeaders()).type(Problem.MEDIA_TYPE).build();
    }
}
