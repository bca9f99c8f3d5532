package dev.capplanner.snapshot.persistence;

import dev.capplanner.contracts.events.CapabilityNames;
import dev.capplanner.snapshot.approval.Approvals;
import dev.capplanner.snapshot.approval.OperatorApproval;
import dev.capplanner.snapshot.catalog.CatalogEntry;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Operators' approvals of held capabilities, with their audit trail. */
@ApplicationScoped
public class ApprovalRepository {

    private final Clock clock;

    public ApprovalRepository(Clock clock) {
        this.clock = clock;
    }

    /**
     * Records an operator's approval of a held capability, for its current definition, and audits it.
     * Empty when the connection has no such capability; fails with {@link NotApprovableException} when
     * the capability is not held (an explicit write can never be approved as a read).
     */
    public Uni<Optional<OperatorApproval>> approve(String connectionId, String name, String actor, String reason) {
        return RegistryRevisions.change(() -> capabilityOf(connectionId, name).chain(row -> {
            if (row == null) {
                return Uni.createFrom().item(Optional.<OperatorApproval>empty());
            }
            CatalogEntry entry = row.entry();
            Optional<String> refusal = Approvals.whyNotApprovable(entry);
            if (refusal.isPresent()) {
                return Uni.createFrom().failure(new NotApprovableException(refusal.get()));
            }
            OperatorApproval approval = new OperatorApproval(connectionId, entry.name(),
                    Approvals.definitionHash(entry), actor, clock.instant(), reason);
            return ApprovalEntity.deleteById(new ApprovalEntity.Key(connectionId, entry.name()))
                    .chain(() -> Panache.getSession())
                    .chain(session -> session.persistAll(ApprovalEntity.of(approval),
                                    ApprovalAuditEntity.of(approval, "approved", actor, clock.instant(), reason))
                            .chain(session::flush))
                    .replaceWith(Optional.of(approval));
        }));
    }

    /** Withdraws an approval (the capability is held again) and audits it; false when there was none. */
    public Uni<Boolean> revokeApproval(String connectionId, String name, String actor, String reason) {
        return RegistryRevisions.change(() -> ApprovalEntity.<ApprovalEntity>list("connectionId", connectionId)
                .map(rows -> rows.stream().filter(row -> names(row.capability, name)).findFirst().orElse(null))
                .chain(row -> {
                    if (row == null) {
                        return Uni.createFrom().item(false);
                    }
                    OperatorApproval revoked = row.approval();
                    return row.delete()
                            .chain(() -> ApprovalAuditEntity.of(revoked, "revoked", actor, clock.instant(), reason)
                                    .persist())
                            .replaceWith(true);
                }));
    }

    /** Every approval and revocation, oldest first. */
    public Uni<List<ApprovalEvent>> approvalAudit() {
        return Panache.withSession(() -> ApprovalAuditEntity.<ApprovalAuditEntity>list("order by id"))
                .map(rows -> rows.stream().map(r -> new ApprovalEvent(r.connectionId, r.capability, r.action, r.actor,
                        r.at, r.reason, r.definitionHash)).toList());
    }

    /**
     * A connection's capability by the name its source gives it ({@code sendReminder}) or by its
     * qualified name ({@code api:tickets/sendReminder}); null when there is none.
     */
    private static Uni<CapabilityEntity> capabilityOf(String connectionId, String name) {
        return CapabilityEntity.<CapabilityEntity>list("connectionId", connectionId)
                .map(rows -> rows.stream().filter(row -> names(row.name, name)).findFirst().orElse(null));
    }

    private static boolean names(String storedName, String name) {
        return storedName.equals(name) || CapabilityNames.sourceName(storedName).equals(name);
    }

    /** One line of the approval audit trail. */
    public record ApprovalEvent(String connection, String capability, String action, String actor, Instant at,
                                String reason, String definitionHash) {
    }

    /** The capability cannot be approved; the message says why. */
    public static final class NotApprovableException extends RuntimeException {
        public NotApprovableException(String message) {
            super(message);
        }
    }
}
