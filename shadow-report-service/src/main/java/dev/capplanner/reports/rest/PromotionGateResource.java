package dev.capplanner.reports.rest;

import dev.capplanner.reports.config.GateConfig;
import dev.capplanner.reports.persistence.ReportAnalytics;
import dev.capplanner.reports.shadow.PromotionGate;
import dev.capplanner.reports.shadow.ReportQuery;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/** The promotion gate of one tenant ({@link PromotionGate}), over the window {@code [from, to)} (default: all time). */
@Path("/promotion-gate")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed(ReportResource.ANALYST)
public class PromotionGateResource {

    private final ReportAnalytics analytics;
    private final CallerTenants callerTenants;
    private final GateConfig config;

    public PromotionGateResource(ReportAnalytics analytics, CallerTenants callerTenants, GateConfig config) {
        this.analytics = analytics;
        this.callerTenants = callerTenants;
        this.config = config;
    }

    @GET
    public Uni<PromotionGate.Evaluation> gate(@QueryParam("tenant") String tenant, @QueryParam("from") String from,
                                              @QueryParam("to") String to) {
        if (tenant == null || tenant.isBlank()) {
            throw new IllegalArgumentException("'tenant' is required");
        }
        // Refuses a tenant the caller may not read, as every other query does.
        ReportQuery scope = new ReportQuery(callerTenants.current(), tenant, ReportFilterParams.instant("from", from),
                ReportFilterParams.instant("to", to), 0, 1);
        return analytics.gate(tenant, scope.from(), scope.to(), config.goldenConversationPrefix())
                .map(counts -> PromotionGate.evaluate(tenant, counts, config.minEligibleTurns(),
                        config.minLabelledCases()));
    }
}
