package dev.capplanner.reports.rest;

import dev.capplanner.problems.Problems;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** Invalid query input is the caller's mistake: a 400 with the reason, not a 500 with a stack trace. */
@Provider
public class BadRequestMapper implements ExceptionMapper<IllegalArgumentException> {

    @Override
    public Response toResponse(IllegalArgumentException exception) {
        return Problems.response(400, exception.getMessage());
    }
}
