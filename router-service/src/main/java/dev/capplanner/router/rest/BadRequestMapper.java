package dev.capplanner.router.rest;

import dev.capplanner.problems.Problems;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** Invalid input is the caller's mistake: a 400 with the reason. */
@Provider
public class BadRequestMapper implements ExceptionMapper<IllegalArgumentException> {

    @Override
    public Response toResponse(IllegalArgumentException exception) {
        return Problems.response(400, exception.getMessage());
    }
}
