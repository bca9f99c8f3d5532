package dev.capplanner.reports.rest;

import dev.capplanner.reports.persistence.ShadowReportRepository;
import dev.capplanner.reports.report.ReportPage;
import dev.capplanner.reports.report.ReportQuery;
import dev.capplanner.reports.report.ShadowReport;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Set;

/**
 * The analysts' read API over stored (already masked) shadow reports. Only a caller with a verified
 * bearer token and the {@code analyst} role gets in, and it reads only the tenants its token names
 * ({@link CallerTenants}).
 */
@Path("/reports")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed(ReportResource.ANALYST)
public class ReportResource {

    public static final String ANALYST = "analyst";

    private final ShadowReportRepository repository;
    private final CallerTenants callerTenants;

    public ReportResource(ShadowReportRepository repository, CallerTenants callerTenants) {
        this.repository = repository;
        this.callerTenants = callerTenants;
    }

    /** Newest first; {@code from}/{@code to} are ISO-8601 instants, {@code to} exclusive; size 1..100. */
    @GET
    public Uni<ReportPage> list(@QueryParam("tenantId") String tenantId, @QueryParam("from") String from,
                                @QueryParam("to") String to, @QueryParam("page") @DefaultValue("0") int page,
                                @QueryParam("size") @DefaultValue("20") int size) {
        ReportQuery query = new ReportQuery(callerTenants.current(), blankToNull(tenantId), instant("from", from),
                instant("to", to), page, size);
        return repository.find(query);
    }

    /** Every iteration's report of one run; 404 when the run has none the caller may read. */
    @GET
    @Path("/{runId}")
    public Uni<RunReports> byRun(@PathParam("runId") String runId) {
        Set<String> visible = callerTenants.current();
        return repository.findByRun(runId).map(all -> {
            // Another tenant's run is "not found", not "forbidden": its existence is not the caller's to learn.
            List<ShadowReport> reports = all.stream().filter(r -> visible.contains(r.tenantId())).toList();
            if (reports.isEmpty()) {
                throw new NotFoundException("no shadow report for run " + runId);
            }
            return new RunReports(runId, reports);
        });
    }

    public record RunReports(String runId, List<ShadowReport> iterations) {
    }

    private static Instant instant(String name, String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return Instant.parse(value);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("'" + name + "' must be an ISO-8601 instant such as 2026-11-30T00:00:00Z");
        }
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
