package dev.capplanner.snapshot.rest;

import dev.capplanner.snapshot.approval.OperatorApproval;
import dev.capplanner.snapshot.persistence.ApprovalRepository;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.ClientErrorException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Map;
import org.jboss.logging.Logger;

/**
 * Operators approve what the import held back (guarded by {@link AdminGuard}), and withdraw
 * approvals: an MCP tool without annotations, or a read whose name says it writes. Who, when and
 * why are recorded, and every approval and revocation goes to an append-only audit trail. Who is the
 * identity the caller's admin token belongs to ({@link AdminOperator}), never a name the caller types:
 * a request that states another operator is refused. The trail is at {@code GET /admin/approvals}
 * ({@link ApprovalAuditResource}).
 */
@Path("/admin/connections/{id}/capabilities/{name}/approval")
@Produces(MediaType.APPLICATION_JSON)
public class ApprovalResource {

    private static final Logger LOG = Logger.getLogger(ApprovalResource.class);
    private static final int MAX_TEXT = 1000;

    private final ApprovalRepository repository;
    private final AdminOperator operator;

    public ApprovalResource(ApprovalRepository repository, AdminOperator operator) {
        this.repository = repository;
        this.operator = operator;
    }

    /** The request body: why (required); {@code operator}, when given, must be the caller's own identity. */
    public record ApprovalRequest(String operator, String reason) {
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<OperatorApproval> approve(@PathParam("id") String connection, @PathParam("name") String capability,
                                         ApprovalRequest request) {
        if (request == null) {
            throw new BadRequestException("body must give the reason");
        }
        String who = AdminTexts.authenticated(operator, request.operator());
        String reason = AdminTexts.required("reason", request.reason(), MAX_TEXT);
        return repository.approve(connection, capability, who, reason)
                .onFailure(ApprovalRepository.NotApprovableException.class)
                .transform(refused -> new ClientErrorException(refused.getMessage(), Response.Status.CONFLICT))
                .map(found -> {
                    OperatorApproval approval = found.orElseThrow(() -> new NotFoundException(
                            "connection " + connection + " has no capability " + capability));
                    // Who approved is in the audit trail, not in the log.
                    LOG.infof("capability_approved connection=%s capability=%s", connection, capability);
                    return approval;
                });
    }

    @DELETE
    public Uni<Map<String, Boolean>> revoke(@PathParam("id") String connection, @PathParam("name") String capability,
                                            @QueryParam("operator") String stated, @QueryParam("reason") String reason) {
        String who = AdminTexts.authenticated(operator, stated);
        String why = AdminTexts.required("reason", reason, MAX_TEXT);
        return repository.revokeApproval(connection, capability, who, why).map(revoked -> {
            if (!revoked) {
                throw new NotFoundException("no approval for " + capability + " of connection " + connection);
            }
            LOG.infof("capability_approval_revoked connection=%s capability=%s", connection, capability);
            return Map.of("revoked", true);
        });
    }
}
