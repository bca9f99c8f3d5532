package dev.capplanner.snapshot.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.capplanner.capabilityplans.language.CapabilityPlanProblem;
import dev.capplanner.capabilityplans.language.CapabilityPlanRefusedException;
import dev.capplanner.capabilityplans.registration.CapabilityPlanRegistration;
import dev.capplanner.contracts.capabilityplans.CapabilityPlan;
import dev.capplanner.contracts.http.Problem;
import dev.capplanner.contracts.schema.CapabilityPlanDocuments;
import dev.capplanner.problems.Problems;
import dev.capplanner.snapshot.capabilityplan.RegistryDirectory;
import dev.capplanner.snapshot.persistence.CapabilityPlanRepository;
import dev.capplanner.snapshot.persistence.LiveRegistry;
import dev.capplanner.snapshot.registry.RegisteredCapabilityPlan;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.jboss.logging.Logger;

/**
 * Operators register capability plans for a tenant's project (guarded by {@link AdminGuard}); the
 * language is in docs/plans.md. A plan (JSON, or YAML with {@code Content-Type: application/yaml})
 * is checked against the schema, then against the registry under its revision lock (every called
 * capability exists and is read-only, no recursion, references, payload against returns); a refused
 * plan gets 422 with the place and the reason of every problem. Every version stays listed.
 */
@Path("/admin/plans")
@Produces(MediaType.APPLICATION_JSON)
public class CapabilityPlanAdminResource {

    private static final Logger LOG = Logger.getLogger(CapabilityPlanAdminResource.class);
    private static final String YAML = "application/yaml";
    private static final int MAX_ID = 200;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final YAMLMapper YAML_READER = new YAMLMapper();

    private final CapabilityPlanRepository plans;
    private final LiveRegistry registry;
    private final AdminOperator operator;
    private final CapabilityPlanDocuments documents = new CapabilityPlanDocuments();

    public CapabilityPlanAdminResource(CapabilityPlanRepository plans, LiveRegistry registry, AdminOperator operator) {
        this.plans = plans;
        this.registry = registry;
        this.operator = operator;
    }

    /** The answer to a registration: the plan, its version, and whether that version is new. */
    public record Registration(String tenant, String project, String name, int version, boolean registered) {
    }


    /** One version of a plan, who registered it and when, and what it calls. */
    public record PlanVersion(String name, int version, String registeredBy, Instant registeredAt, List<String> calls,
                              CapabilityPlan definition) {
        static PlanVersion of(RegisteredCapabilityPlan plan) {
            return new PlanVersion(plan.name(), plan.version(), plan.registeredBy(), plan.registeredAt(),
                    List.copyOf(CapabilityPlanRegistration.calledCapabilities(plan.plan())), plan.plan());
        }
    }

    @POST
    @Path("/{tenant}/{project}")
    @Consumes({MediaType.APPLICATION_JSON, YAML})
    public Uni<Response> register(@PathParam("tenant") String tenant, @PathParam("project") String project,
                                  @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType, String body) {
        String tenantId = AdminTexts.required("tenant", tenant, MAX_ID);
        String projectId = AdminTexts.required("project", project, MAX_ID);
        String who = AdminTexts.authenticated(operator, null);
        if (body == null || body.isBlank()) {
            throw new BadRequestException("body must be a capability plan (JSON or YAML)");
        }
        CapabilityPlan plan;
        try {
            plan = documents.read(json(contentType, body));
        } catch (CapabilityPlanDocuments.InvalidPlanDocumentException invalid) {
            return Uni.createFrom().item(refused(invalid.violations().stream().map(CapabilityPlanAdminResource::problem)
                    .toList()));
        }
        return plans.register(tenantId, projectId, plan, who,
                        state -> CapabilityPlanRegistration.check(plan, new RegistryDirectory(state, tenantId, projectId)))
                .map(stored -> {
                    LOG.infof("plan_registered tenant=%s project=%s plan=%s version=%d new=%s", tenantId, projectId,
                            plan.name(), plan.version(), stored.isPresent());
                    return Response.status(stored.isPresent() ? Response.Status.CREATED : Response.Status.OK)
                            .entity(new Registration(tenantId, projectId, plan.name(), plan.version(),
                                    stored.isPresent())).build();
                })
                .onFailure(CapabilityPlanRefusedException.class).recoverWithItem(failure -> {
                    LOG.infof("plan_refused tenant=%s project=%s plan=%s version=%d", tenantId, projectId,
                            plan.name(), plan.version());
                    return refused(((CapabilityPlanRefusedException) failure).problems());
                });
    }

    /** The newest version of every plan of the project. */
    @GET
    @Path("/{tenant}/{project}")
    public Uni<List<PlanVersion>> list(@PathParam("tenant") String tenant, @PathParam("project") String project) {
        return registry.current().map(state -> state.plansOf(tenant, project).stream().map(PlanVersion::of).toList());
    }

    /** Every version of one plan, oldest first. */
    @GET
    @Path("/{tenant}/{project}/{name: .+}")
    public Uni<List<PlanVersion>> versions(@PathParam("tenant") String tenant, @PathParam("project") String project,
                                           @PathParam("name") String name) {
        return registry.current().map(state -> {
            List<RegisteredCapabilityPlan> versions = state.planVersions(tenant, project, name);
            if (versions.isEmpty()) {
                throw new NotFoundException("no plan " + name + " in project " + project + " of tenant " + tenant);
            }
            return versions.stream().map(PlanVersion::of).toList();
        });
    }

    private static String json(String contentType, String body) {
        if (contentType == null || !contentType.toLowerCase(Locale.ROOT).startsWith(YAML)) {
            return body;
        }
        try {
            return JSON.writeValueAsString(YAML_READER.readTree(body));
        } catch (JsonProcessingException e) {
            throw new BadRequestException("not YAML: " + e.getOriginalMessage());
        }
    }

    /** A schema violation ({@code /steps/0/kind: message}) as a problem with its place. */
    private static CapabilityPlanProblem problem(String violation) {
        int colon = violation.indexOf(": ");
        return colon < 0 ? new CapabilityPlanProblem("/", violation)
                : new CapabilityPlanProblem(violation.substring(0, colon), violation.substring(colon + 2));
    }

    private static Response refused(List<CapabilityPlanProblem> problems) {
        return Problems.response(Problem.of(422, "plan refused").with("problems", problems));
    }
}
