package dev.capplanner.snapshot.rest;

import dev.capplanner.contracts.snapshotservice.AuthorizationAnswer;
import dev.capplanner.contracts.snapshotservice.AuthorizationQuestion;
import dev.capplanner.contracts.snapshotservice.TroubleshootingQuestion;
import dev.capplanner.snapshot.authorization.AccessDecision;
import dev.capplanner.snapshot.authorization.AccessPolicy;
import dev.capplanner.snapshot.authorization.Audience;
import dev.capplanner.snapshot.persistence.LiveRegistry;
import dev.capplanner.snapshot.persistence.TroubleshootingRepository;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;

/**
 * Call-time authorization from live registry state: the executor asks it right before each physical
 * call, so a permission revoked or a connection disabled (or put in shadow) mid-run blocks the next
 * call. It answers with the same policy the snapshot was cut with; a connection in shadow is denied
 * here, never called.
 */
@Path("/authorizations")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public class AuthorizationResource {

    private final LiveRegistry registry;
    private final AccessPolicy policy;
    private final TroubleshootingRepository troubleshooting;

    public AuthorizationResource(LiveRegistry registry, AccessPolicy policy, TroubleshootingRepository troubleshooting) {
        this.registry = registry;
        this.policy = policy;
        this.troubleshooting = troubleshooting;
    }

    /**
     * Whether an operator has troubleshooting on for this user (or every user) of the tenant now: the
     * executor asks it only for a turn with a refused or failed call, to add redacted diagnostics.
     */
    @POST
    @Path("/troubleshooting")
    public Uni<Map<String, Boolean>> troubleshooting(TroubleshootingQuestion question) {
        if (question == null || blank(question.tenantId()) || blank(question.userId())) {
            throw new BadRequestException("tenantId and userId are required");
        }
        return troubleshooting.isOn(question.tenantId(), question.userId()).map(on -> Map.of("on", on));
    }

    @POST
    public Uni<AuthorizationAnswer> decide(AuthorizationQuestion question) {
        if (question == null || blank(question.tenantId()) || blank(question.projectId()) || question.principal() == null
                || blank(question.principal().userId()) || blank(question.capability())) {
            throw new BadRequestException("tenantId, projectId, principal.userId and capability are required");
        }
        Audience who = new Audience(question.tenantId(), question.projectId(),
                question.principal().roles() == null ? List.of() : question.principal().roles());
        return registry.current().map(state -> answer(question.capability(),
                policy.decideCall(state, who, question.capability()), state.revision()));
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }

    static AuthorizationAnswer answer(String capability, AccessDecision decision, long revision) {
        String reason = decision instanceof AccessDecision.Denied denied ? denied.reason() : null;
        return new AuthorizationAnswer(capability, decision.allowed(), reason, revision);
    }
}
