package dev.capplanner.snapshot.persistence;

import dev.capplanner.snapshot.connection.Connection;
import dev.capplanner.snapshot.connection.ConnectionMode;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Connections' runtime modes as operators switch them, with their append-only audit trail: a switch
 * raises the registry revision (every replica's next snapshot sees it) and records who, when, from
 * what and why, in the same transaction.
 */
@ApplicationScoped
public class ConnectionModeRepository {

    private final Clock clock;

    public ConnectionModeRepository(Clock clock) {
        this.clock = clock;
    }

    /**
     * Applies {@code change} to the connection and audits it when its mode changed; empty when there
     * is no such connection.
     */
    public Uni<Optional<ModeSwitch>> switchMode(String connectionId, UnaryOperator<Connection> change, String actor,
                                                String reason) {
        return RegistryRevisions.change(() -> ConnectionEntity.<ConnectionEntity>findById(connectionId).chain(row -> {
            if (row == null) {
                return Uni.createFrom().item(new Switched(Optional.empty()));
            }
            Connection before = row.connection();
            Connection after = change.apply(before);
            if (after.mode() == before.mode()) {
                return Uni.createFrom().item(new Switched(Optional.of(new ModeSwitch(after, before.mode(), false))));
            }
            Instant at = clock.instant();
            row.enabled = after.enabled();
            row.shadow = after.shadow();
            row.updatedAt = at;
            return ConnectionModeAuditEntity.of(connectionId, before.tenantId(), before.mode().wireName(),
                            after.mode().wireName(), actor, at, reason).persist()
                    .replaceWith(new Switched(Optional.of(new ModeSwitch(after, before.mode(), true))));
        })).map(Switched::result);
    }

    /** Raises the revision only when the mode changed. */
    private record Switched(Optional<ModeSwitch> result) implements RegistryRevisions.Outcome {
        @Override
        public boolean changedRegistry() {
            return result.map(ModeSwitch::changed).orElse(false);
        }
    }

    /** A connection's mode switches, oldest first (kept after the connection is deleted). */
    public Uni<List<ModeChange>> audit(String connectionId) {
        return Panache.withSession(() -> ConnectionModeAuditEntity.<ConnectionModeAuditEntity>list(
                        "connectionId = ?1 order by id", connectionId))
                .map(rows -> rows.stream().map(r -> new ModeChange(r.connectionId, r.previousMode, r.mode, r.actor,
                        r.at, r.reason)).toList());
    }

    /** The connection as it is now, the mode it was in, and whether anything changed. */
    public record ModeSwitch(Connection connection, ConnectionMode previous, boolean changed) {
    }

    /** One line of a connection's mode trail. */
    public record ModeChange(String connection, String previousMode, String mode, String actor, Instant at,
                             String reason) {
    }
}
