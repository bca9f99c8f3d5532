package dev.capplanner.snapshot.rest;

import dev.capplanner.snapshot.persistence.ApprovalRepository;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/** The approvals audit trail (guarded by {@link AdminGuard}): every approval and revocation, oldest first. */
@Path("/admin/approvals")
@Produces(MediaType.APPLICATION_JSON)
public class ApprovalAuditResource {

    private final ApprovalRepository repository;

    public ApprovalAuditResource(ApprovalRepository repository) {
        this.repository = repository;
    }

    @GET
    public Uni<List<ApprovalRepository.ApprovalEvent>> audit() {
        return repository.approvalAudit();
    }
}
