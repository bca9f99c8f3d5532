package dev.capplanner.reports.rest;

import dev.capplanner.problems.Problems;
import dev.capplanner.reports.shadow.ReportQuery;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** A filter on a tenant the caller may not read is refused, with the reason. */
@Provider
public class TenantNotVisibleMapper implements ExceptionMapper<ReportQuery.TenantNotVisibleException> {

    @Override
    public Response toResponse(ReportQuery.TenantNotVisibleException exception) {
        return Problems.response(403, exception.getMessage());
    }
}
