package dev.capplanner.snapshot.rest;

import dev.capplanner.contracts.snapshotservice.AuthorizationAnswer;
import dev.capplanner.snapshot.authorization.AccessPolicy;
import dev.capplanner.snapshot.authorization.Audience;
import dev.capplanner.snapshot.persistence.GrantRepository;
import dev.capplanner.snapshot.persistence.LiveRegistry;
import dev.capplanner.snapshot.registry.RoleGrant;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.Arrays;
import java.util.List;

/**
 * The operators' API over the registry's grants (guarded by {@link AdminGuard}): role grants, and
 * why any capability is or is not usable by a given audience (connections: {@link ConnectionAdminResource}). Every change raises the
 * registry revision, which the next snapshot and the next authorization decision read.
 */
@Path("/admin")
@Produces(MediaType.APPLICATION_JSON)
public class AdminResource {

    private final GrantRepository repository;
    private final LiveRegistry registry;
    private final AccessPolicy policy;

    public AdminResource(GrantRepository repository, LiveRegistry registry, AccessPolicy policy) {
        this.repository = repository;
        this.registry = registry;
        this.policy = policy;
    }

    @PUT
    @Path("/tenants/{tenant}/roles/{role}/permissions/{permission}")
    public Uni<GrantChange> grant(@PathParam("tenant") String tenant, @PathParam("role") String role,
                                  @PathParam("permission") String permission) {
        return repository.grant(new RoleGrant(tenant, role, permission)).map(GrantChange::new);
    }

    @DELETE
    @Path("/tenants/{tenant}/roles/{role}/permissions/{permission}")
    public Uni<GrantChange> revoke(@PathParam("tenant") String tenant, @PathParam("role") String role,
                                   @PathParam("permission") String permission) {
        return repository.revoke(new RoleGrant(tenant, role, permission)).map(GrantChange::new);
    }

    /** Whether the audience (tenant, project, comma-separated roles) may use the capability, and if not, why. */
    @GET
    @Path("/explanations")
    public Uni<AuthorizationAnswer> explain(@QueryParam("tenantId") String tenantId,
                                            @QueryParam("projectId") String projectId,
                                            @QueryParam("roles") String roles,
                                            @QueryParam("capability") String capability) {
        if (tenantId == null || projectId == null || capability == null) {
            throw new BadRequestException("tenantId, projectId and capability are required; roles is optional");
        }
        List<String> roleList = roles == null || roles.isBlank() ? List.of()
                : Arrays.stream(roles.split(",")).map(String::trim).filter(r -> !r.isEmpty()).toList();
        Audience who = new Audience(tenantId, projectId, roleList);
        return registry.current().map(state -> AuthorizationResource.answer(capability,
                policy.decide(state, who, capability), state.revision()));
    }

    public record GrantChange(boolean changed) {
    }
}
