package dev.capplanner.snapshot.persistence;

import dev.capplanner.snapshot.troubleshooting.TroubleshootingSwitch;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** Troubleshooting switches as operators set them, with their append-only audit trail. */
@ApplicationScoped
public class TroubleshootingRepository {

    private final Clock clock;

    public TroubleshootingRepository(Clock clock) {
        this.clock = clock;
    }

    /** Turns troubleshooting on for the user ({@code null}: every user of the tenant) for {@code duration}, audited. */
    public Uni<TroubleshootingSwitch> switchOn(String tenantId, String userId, Duration duration, String actor,
                                               String reason) {
        Instant at = clock.instant();
        TroubleshootingSwitch on = new TroubleshootingSwitch(tenantId, userId, actor, at, at.plus(duration), reason);
        return Panache.withTransaction(() -> find(tenantId, userId).chain(row -> {
            TroubleshootingEntity stored = (row == null ? new TroubleshootingEntity() : row).holding(on);
            return stored.persist().chain(() -> TroubleshootingAuditEntity.of(tenantId, userId, "on", on.expiresAt(),
                    actor, at, reason).persist()).replaceWith(on);
        }));
    }

    /** Turns it off, audited; false when it was not on (an expired switch counts as on until cleared). */
    public Uni<Boolean> switchOff(String tenantId, String userId, String actor, String reason) {
        return Panache.withTransaction(() -> find(tenantId, userId).chain(row -> {
            if (row == null) {
                return Uni.createFrom().item(false);
            }
            return row.delete().chain(() -> TroubleshootingAuditEntity.of(tenantId, userId, "off", null, actor,
                    clock.instant(), reason).persist()).replaceWith(true);
        }));
    }

    /** Whether troubleshooting covers this user of the tenant now. */
    public Uni<Boolean> isOn(String tenantId, String userId) {
        Instant now = clock.instant();
        return Panache.withSession(() -> TroubleshootingEntity.<TroubleshootingEntity>list(
                        "tenantId = ?1 and (userId is null or userId = ?2) and expiresAt > ?3", tenantId, userId, now))
                .map(rows -> rows.stream().anyMatch(row -> row.troubleshooting().covers(tenantId, userId, now)));
    }

    /** The switches that hold now. */
    public Uni<List<TroubleshootingSwitch>> active() {
        Instant now = clock.instant();
        return Panache.withSession(() -> TroubleshootingEntity.<TroubleshootingEntity>list(
                        "expiresAt > ?1 order by tenantId, userId", now))
                .map(rows -> rows.stream().map(TroubleshootingEntity::troubleshooting).toList());
    }

    /** Every switch on and off, oldest first. */
    public Uni<List<TroubleshootingChange>> audit() {
        return Panache.withSession(() -> TroubleshootingAuditEntity.<TroubleshootingAuditEntity>list("order by id"))
                .map(rows -> rows.stream().map(r -> new TroubleshootingChange(r.tenantId, r.userId, r.switched,
                        r.expiresAt, r.actor, r.at, r.reason)).toList());
    }

    private static Uni<TroubleshootingEntity> find(String tenantId, String userId) {
        return userId == null ? TroubleshootingEntity.find("tenantId = ?1 and userId is null", tenantId).firstResult()
                : TroubleshootingEntity.find("tenantId = ?1 and userId = ?2", tenantId, userId).firstResult();
    }

    /** One line of the trail; {@code user} null: every user of the tenant. */
    public record TroubleshootingChange(String tenant, String user, String switched, Instant expiresAt, String actor,
                                        Instant at, String reason) {
    }
}
