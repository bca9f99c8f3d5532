package dev.capplanner.reports.rest;

import dev.capplanner.reports.masking.ReportMasker;
import dev.capplanner.reports.persistence.ShadowReportRepository;
import dev.capplanner.reports.shadow.Review;
import dev.capplanner.reports.shadow.ShadowReport;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * Reviewers give each divergence a verdict ({@link Review#VERDICTS}) and a note, masked before it is
 * stored like every other text. Only the {@code reviewer} role may; the reviewer recorded is the
 * token's own name, and only reports of the token's tenants can be reviewed (any other is "not found").
 */
@Path("/reports/{runId}/review")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed(ReviewResource.REVIEWER)
public class ReviewResource {

    public static final String REVIEWER = "reviewer";
    static final int MAX_NOTE = 2000;

    private final ShadowReportRepository repository;
    private final CallerTenants callerTenants;
    private final ReportMasker masker;
    private final JsonWebToken token;
    private final Clock clock;

    public ReviewResource(ShadowReportRepository repository, CallerTenants callerTenants, ReportMasker masker,
                          JsonWebToken token, Clock clock) {
        this.repository = repository;
        this.callerTenants = callerTenants;
        this.masker = masker;
        this.token = token;
        this.clock = clock;
    }

    /**
     * The verdict, a note (optional, at most 2,000 characters), the iteration (default 0) and, when
     * several runs share the run id (each chat backend names its own runs), the report's event id.
     */
    public record ReviewRequest(String verdict, String note, Integer iteration, String eventId) {
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<ShadowReport> review(@PathParam("runId") String runId, ReviewRequest request) {
        if (request == null || request.verdict() == null) {
            throw new IllegalArgumentException("'verdict' is required: one of " + String.join(", ", Review.VERDICTS));
        }
        if (request.note() != null && request.note().length() > MAX_NOTE) {
            throw new IllegalArgumentException("'note' is longer than " + MAX_NOTE + " characters");
        }
        var tenants = callerTenants.current();
        return OneReport.find(repository, runId, request.iteration(), request.eventId(), tenants).chain(report -> {
            String note = request.note() == null ? null
                    : masker.forTenant(report.tenantId()).written(request.note());
            Review review = new Review(request.verdict(), note, token.getName(), clock.instant());
            return repository.review(report.eventId(), tenants, review)
                    .map(stored -> stored.orElseThrow(() -> new NotFoundException("no shadow report for run " + runId)));
        });
    }
}
