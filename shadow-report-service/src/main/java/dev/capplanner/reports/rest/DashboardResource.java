package dev.capplanner.reports.rest;

import io.quarkus.qute.Template;
import io.quarkus.qute.TemplateInstance;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * The analysts' dashboard: one page that holds no data itself. In the browser it asks the report API
 * with the analyst's own bearer token (kept for the tab only), so the API's authentication, roles and
 * tenant scoping are the dashboard's too. Remote and masked text is only ever inserted as text, and
 * the page may load scripts from this service alone.
 */
@Path("/dashboard")
@PermitAll
public class DashboardResource {

    /** The chart library's version, served from its Maven artifact (org.webjars.npm:echarts). */
    static final String ECHARTS = "5.3.1";
    static final String POLICY = "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline';"
            + " img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'";

    private final Template dashboard;

    public DashboardResource(Template dashboard) {
        this.dashboard = dashboard;
    }

    @GET
    @Produces(MediaType.TEXT_HTML)
    public Response page() {
        TemplateInstance page = dashboard.data("echarts", "/webjars/echarts/" + ECHARTS + "/dist/echarts.min.js");
        return Response.ok(page).header("Content-Security-Policy", POLICY).header("X-Content-Type-Options", "nosniff")
                .header("Referrer-Policy", "no-referrer").build();
    }
}
