package dev.capplanner.snapshot.rest;

import dev.capplanner.snapshot.persistence.TroubleshootingRepository;
import dev.capplanner.snapshot.troubleshooting.TroubleshootingSwitch;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.jboss.logging.Logger;

/**
 * Operators turn developer troubleshooting on for a tenant, or one user of it (guarded by
 * {@link AdminGuard}; off by default): for at most {@link TroubleshootingSwitch#MAX_DURATION}, that
 * tenant's or user's completions name the check or failure class of each refused or failed call, never
 * a value. Who is the admin token's identity; every switch on and off goes to an append-only trail.
 */
@Path("/admin/troubleshooting")
@Produces(MediaType.APPLICATION_JSON)
public class TroubleshootingResource {

    private static final Logger LOG = Logger.getLogger(TroubleshootingResource.class);
    private static final int MAX_TEXT = 1000;
    private static final int MAX_ID = 200;

    private final TroubleshootingRepository repository;
    private final AdminOperator operator;

    public TroubleshootingResource(TroubleshootingRepository repository, AdminOperator operator) {
        this.repository = repository;
        this.operator = operator;
    }

    /**
     * The request body: why (required), the user ({@code null}: every user of the tenant), for how many
     * minutes (1 to 1440, default 60); {@code operator}, when given, must be the caller.
     */
    public record SwitchRequest(String user, Integer minutes, String reason, String operator) {
    }

    /** The switches on now. */
    @GET
    public Uni<List<TroubleshootingSwitch>> active() {
        return repository.active();
    }

    @PUT
    @Path("/{tenant}")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<TroubleshootingSwitch> switchOn(@PathParam("tenant") String tenant, SwitchRequest request) {
        if (request == null) {
            throw new BadRequestException("body must give the reason (and optionally the user and minutes)");
        }
        String who = AdminTexts.authenticated(operator, request.operator());
        String tenantId = AdminTexts.required("tenant", tenant, MAX_ID);
        String reason = AdminTexts.required("reason", request.reason(), MAX_TEXT);
        String user = request.user() == null ? null : AdminTexts.required("user", request.user(), MAX_ID);
        Duration duration = request.minutes() == null ? TroubleshootingSwitch.DEFAULT_DURATION
                : Duration.ofMinutes(request.minutes());
        if (duration.isNegative() || duration.isZero() || duration.compareTo(TroubleshootingSwitch.MAX_DURATION) > 0) {
            throw new BadRequestException("minutes must be between 1 and " + TroubleshootingSwitch.MAX_DURATION.toMinutes());
        }
        return repository.switchOn(tenantId, user, duration, who, reason).invoke(on ->
                // Who and why are in the audit trail; the user is named there, not in the log.
                LOG.infof("troubleshooting_on tenant=%s everyUser=%s until=%s", tenantId, user == null, on.expiresAt()));
    }

    @DELETE
    @Path("/{tenant}")
    public Uni<Map<String, Boolean>> switchOff(@PathParam("tenant") String tenant, @QueryParam("user") String user,
                                               @QueryParam("reason") String reason,
                                               @QueryParam("operator") String stated) {
        String who = AdminTexts.authenticated(operator, stated);
        String why = AdminTexts.required("reason", reason, MAX_TEXT);
        return repository.switchOff(tenant, user, who, why).map(cleared -> {
            if (!cleared) {
                throw new NotFoundException("troubleshooting is not on for " + (user == null ? "the tenant" : "that user"));
            }
            LOG.infof("troubleshooting_off tenant=%s everyUser=%s", tenant, user == null);
            return Map.of("cleared", true);
        });
    }

    /** Every switch on and off, oldest first: tenant, user, on/off, until, who, when, why. */
    @GET
    @Path("/audit")
    public Uni<List<TroubleshootingRepository.TroubleshootingChange>> audit() {
        return repository.audit();
    }
}
