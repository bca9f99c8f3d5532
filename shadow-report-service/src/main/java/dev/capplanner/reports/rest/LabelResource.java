package dev.capplanner.reports.rest;

import dev.capplanner.reports.masking.ReportMasker;
import dev.capplanner.reports.persistence.LabelRepository;
import dev.capplanner.reports.persistence.ShadowReportRepository;
import dev.capplanner.reports.shadow.Label;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;
import java.util.List;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * Labelled live-data cases: a reviewer says what a report's turn should have planned (the expected
 * outcome, and optionally the tools in order), and the promotion gate's accuracy criteria read that
 * label instead of the legacy plan. Labels are never overwritten: each one is stored with its author
 * (the token's own name) and time, the newest counts, and the history is readable by analysts.
 * Only reports of the token's tenants can be labelled or read (any other is "not found").
 */
@Path("/reports/{runId}/labels")
@Produces(MediaType.APPLICATION_JSON)
public class LabelResource {

    private final ShadowReportRepository reports;
    private final LabelRepository labels;
    private final CallerTenants callerTenants;
    private final ReportMasker masker;
    private final JsonWebToken token;
    private final Clock clock;

    public LabelResource(ShadowReportRepository reports, LabelRepository labels, CallerTenants callerTenants,
                         ReportMasker masker, JsonWebToken token, Clock clock) {
        this.reports = reports;
        this.labels = labels;
        this.callerTenants = callerTenants;
        this.masker = masker;
        this.token = token;
        this.clock = clock;
    }

    /**
     * The expected outcome ({@link Label#OUTCOMES}), the expected tools (optional, for {@code actions},
     * in order), a note (optional, masked), the iteration (default 0) and, when several runs share the
     * run id, the report's event id.
     */
    public record LabelRequest(String expectedOutcome, List<String> expectedTools, String note, Integer iteration,
                               String eventId) {
    }

    /** The report's labels, newest (the one the gate reads) first. */
    public record LabelHistory(String runId, int iteration, List<Label> labels) {
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed(ReviewResource.REVIEWER)
    public Uni<Label> label(@PathParam("runId") String runId, LabelRequest request) {
        if (request == null || request.expectedOutcome() == null) {
            throw new IllegalArgumentException("'expectedOutcome' is required: one of " + String.join(", ", Label.OUTCOMES));
        }
        // Checked before the note is masked: a request that is refused stores and masks nothing.
        new Label(request.expectedOutcome(), request.expectedTools(), request.note(), token.getName(), clock.instant());
        var tenants = callerTenants.current();
        return OneReport.find(reports, runId, request.iteration(), request.eventId(), tenants).chain(report -> {
            String note = request.note() == null ? null : bounded(masker.forTenant(report.tenantId()).written(request.note()));
            Label label = new Label(request.expectedOutcome(), request.expectedTools(), note, token.getName(),
                    clock.instant());
            return labels.label(report, tenants, label)
                    .map(stored -> stored.orElseThrow(() -> new NotFoundException("no shadow report for run " + runId)));
        });
    }

    /** A masked note can be longer than the note (a pseudonym for a short value): cut, never a raw value. */
    private static String bounded(String masked) {
        return masked.length() <= Label.MAX_NOTE ? masked : masked.substring(0, Label.MAX_NOTE);
    }

    @GET
    @RolesAllowed(ReportResource.ANALYST)
    public Uni<LabelHistory> history(@PathParam("runId") String runId, @QueryParam("iteration") Integer iteration,
                                     @QueryParam("eventId") String eventId) {
        var tenants = callerTenants.current();
        return OneReport.find(reports, runId, iteration, eventId, tenants).chain(report -> labels.labels(report, tenants)
                .map(found -> new LabelHistory(runId, report.iteration(), found)));
    }
}
