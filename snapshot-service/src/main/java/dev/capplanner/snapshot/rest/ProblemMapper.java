package dev.capplanner.snapshot.rest;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.Map;

/**
 * An HTTP error raised by this service's resources says why in its body ({@code {"error": ...}}),
 * so an operator sees "url must be an http(s) URL" rather than an empty 400.
 */
@Provider
public class ProblemMapper implements ExceptionMapper<WebApplicationException> {

    @Override
    public Response toResponse(WebApplicationException exception) {
        Response original = exception.getResponse();
        if (original.hasEntity() || exception.getMessage() == null) {
            return original;
        }
        return Response.status(original.getStatus()).type(MediaType.APPLICATION_JSON)
                .entity(Map.of("error", exception.getMessage())).build();
    }
}
