package dev.capplanner.snapshot.rest;

import dev.capplanner.contracts.events.PlannerModes;
import dev.capplanner.snapshot.persistence.LiveRegistry;
import dev.capplanner.snapshot.persistence.PlannerModeRepository;
import dev.capplanner.snapshot.registry.TenantPlannerMode;
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
import java.util.List;
import java.util.Map;
import org.jboss.logging.Logger;

/**
 * Operators switch a tenant's planner mode at runtime (guarded by {@link AdminGuard}): {@code classic}
 * to roll back, {@code shadow} to compare, {@code capability} to promote, without a redeploy. The mode
 * is stamped on the tenant's next turn by every replica (the change raises the registry revision); a
 * turn already running keeps the mode it started with. A tenant without a mode set follows the
 * planner's {@code planner.mode}. Who is the caller's admin token's identity, never a name typed in;
 * every switch and every return to the default goes to an append-only trail.
 */
@Path("/admin/planner-modes")
@Produces(MediaType.APPLICATION_JSON)
public class PlannerModeResource {

    private static final Logger LOG = Logger.getLogger(PlannerModeResource.class);
    private static final int MAX_TEXT = 1000;
    private static final int MAX_TENANT = 64;

    private final PlannerModeRepository repository;
    private final LiveRegistry registry;
    private final AdminOperator operator;

    public PlannerModeResource(PlannerModeRepository repository, LiveRegistry registry, AdminOperator operator) {
        this.repository = repository;
        this.registry = registry;
        this.operator = operator;
    }

    /** The request body: the mode and why (both required); {@code operator}, when given, must be the caller. */
    public record ModeRequest(String mode, String reason, String operator) {
    }

    /** The answer to a switch: the tenant's mode from its next turn on, and whether anything changed. */
    public record ModeSwitch(String tenant, String mode, boolean changed) {
    }

    /** Every tenant whose mode an operator set; the others follow the planner's configured default. */
    @GET
    public Uni<List<TenantPlannerMode>> modes() {
        return registry.current().map(state -> state.plannerModes());
    }

    @GET
    @Path("/{tenant}")
    public Uni<TenantPlannerMode> mode(@PathParam("tenant") String tenant) {
        return registry.current().map(state -> state.plannerModeOf(tenant).orElseThrow(() -> new NotFoundException(
                "tenant " + tenant + " has no planner mode set: it follows the planner's configured default")));
    }

    @PUT
    @Path("/{tenant}")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<ModeSwitch> switchMode(@PathParam("tenant") String tenant, ModeRequest request) {
        if (request == null) {
            throw new BadRequestException("body must give the mode and the reason");
        }
        String who = AdminTexts.authenticated(operator, request.operator());
        String tenantId = AdminTexts.required("tenant", tenant, MAX_TENANT);
        String reason = AdminTexts.required("reason", request.reason(), MAX_TEXT);
        if (!PlannerModes.isKnown(request.mode())) {
            throw new BadRequestException("mode must be one of " + String.join(", ", PlannerModes.ALL));
        }
        return repository.setPlannerMode(tenantId, request.mode(), who, reason).map(changed -> {
            // Who switched is in the audit trail, not in the log.
            LOG.infof("planner_mode_set tenant=%s mode=%s changed=%s", tenantId, request.mode(), changed);
            return new ModeSwitch(tenantId, request.mode(), changed);
        });
    }

    /** Back to the planner's configured default from the tenant's next turn on. */
    @DELETE
    @Path("/{tenant}")
    public Uni<Map<String, Boolean>> clear(@PathParam("tenant") String tenant, @QueryParam("reason") String reason,
                                           @QueryParam("operator") String stated) {
        String who = AdminTexts.authenticated(operator, stated);
        String why = AdminTexts.required("reason", reason, MAX_TEXT);
        return repository.clearPlannerMode(tenant, who, why).map(cleared -> {
            if (!cleared) {
                throw new NotFoundException("tenant " + tenant + " has no planner mode set");
            }
            LOG.infof("planner_mode_cleared tenant=%s", tenant);
            return Map.of("cleared", true);
        });
    }

    /** Every switch and return to the default, oldest first: tenant, from, to, who, when, why. */
    @GET
    @Path("/audit")
    public Uni<List<PlannerModeRepository.PlannerModeChange>> audit() {
        return repository.plannerModeAudit();
    }
}
