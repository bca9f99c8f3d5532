package dev.capplanner.reports.rest;

import dev.capplanner.reports.persistence.ReportAnalytics;
import dev.capplanner.reports.shadow.ReportQuery;
import dev.capplanner.reports.shadow.SummaryRow;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Set;

/**
 * Rates and percentiles per tenant and time bucket ({@link SummaryRow}), over the tenants the caller
 * may read (or the one it names) and the window {@code [from, to)}.
 */
@Path("/reports/summary")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed(ReportResource.ANALYST)
public class SummaryResource {

    static final Set<String> BUCKETS = Set.of("hour", "day", "week");

    private final ReportAnalytics analytics;
    private final CallerTenants callerTenants;

    public SummaryResource(ReportAnalytics analytics, CallerTenants callerTenants) {
        this.analytics = analytics;
        this.callerTenants = callerTenants;
    }

    public record Summary(String bucket, List<SummaryRow> rows) {
    }

    @GET
    public Uni<Summary> summary(@QueryParam("tenantId") String tenantId, @QueryParam("from") String from,
                                @QueryParam("to") String to, @QueryParam("bucket") @DefaultValue("day") String bucket) {
        if (!BUCKETS.contains(bucket)) {
            throw new IllegalArgumentException("'bucket' must be hour, day or week");
        }
        ReportQuery scope = new ReportQuery(callerTenants.current(), ReportFilterParams.blankToNull(tenantId),
                ReportFilterParams.instant("from", from), ReportFilterParams.instant("to", to), 0, 1);
        return analytics.summary(scope.tenants(), scope.from(), scope.to(), bucket)
                .map(rows -> new Summary(bucket, rows));
    }
}
