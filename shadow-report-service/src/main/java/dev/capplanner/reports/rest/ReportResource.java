package dev.capplanner.reports.rest;

import dev.capplanner.reports.persistence.ShadowReportRepository;
import dev.capplanner.reports.shadow.ReportPage;
import dev.capplanner.reports.shadow.ReportQuery;
import dev.capplanner.reports.shadow.ShadowReport;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
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

    /**
     * A page of reports, newest first unless {@code sort} says otherwise ({@code occurredAt},
     * {@code -occurredAt}, {@code latency}, {@code -latency}); {@code from}/{@code to} are ISO-8601
     * instants, {@code to} exclusive; size 1..100; every other parameter narrows ({@link ReportQuery.Filters}).
     */
    @GET
    public Uni<ReportPage> list(@BeanParam ReportFilterParams filter, @QueryParam("page") @DefaultValue("0") int page,
                                @QueryParam("size") @DefaultValue("20") int size, @QueryParam("sort") String sort) {
        return repository.find(filter.query(callerTenants.current(), page, size, ReportQuery.Order.parse(sort)));
    }

    /**
     * Unreviewed divergences, oldest first: what reviewers work through (rule "every divergence
     * reviewed" of the promotion gate).
     */
    @GET
    @Path("/review-queue")
    public Uni<ReportPage> reviewQueue(@QueryParam("tenantId") String tenantId, @QueryParam("page") @DefaultValue("0") int page,
                                       @QueryParam("size") @DefaultValue("20") int size) {
        ReportQuery.Filters unreviewed = new ReportQuery.Filters(null, false, null, null, null, null, null, false, false);
        return repository.find(new ReportQuery(callerTenants.current(), ReportFilterParams.blankToNull(tenantId), null,
                null, page, size, unreviewed, ReportQuery.Order.OLDEST));
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
}
