package dev.capplanner.snapshot.rest;

import dev.capplanner.snapshot.persistence.RegistryRepository;
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

    private final RegistryRepository repository;

    public ApprovalAuditResource(RegistryRepository repository) {
        this.repository = repository;
    }

    @GET
    public Uni<List<RegistryRepository.ApprovalEvent>> audit() {
        return repository.approvalAudit();
    }
}
