package dev.capplanner.snapshot.stage;

import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.events.TurnRequested;
import dev.capplanner.contracts.trust.SnapshotSeals;
import dev.capplanner.eventbus.AnsweredRejection;
import dev.capplanner.eventbus.EventStamps;
import dev.capplanner.eventbus.outage.DatabaseOutage;
import dev.capplanner.eventbus.outage.Outages;
import dev.capplanner.principals.Admission;
import dev.capplanner.principals.ClaimedPrincipal;
import dev.capplanner.principals.PrincipalAuthentication;
import dev.capplanner.snapshot.authorization.TrustedCommands;
import dev.capplanner.snapshot.building.CapabilitySnapshot;
import dev.capplanner.snapshot.mapping.SnapshotEvents;
import dev.capplanner.snapshot.persistence.SnapshotSupply;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * A turn runs only as the principal its token verifies ({@link PrincipalAuthentication}); one that does not
 * verify builds nothing, its chat backend hears back ({@code unauthenticated}) and the record is
 * dead-lettered with the check it failed. An admitted turn gets its run's immutable snapshot, cut from
 * the live registry for the run's tenant, project and roles (off the event loop when it must be
 * built), stored by content address before it is announced (so any reader can fetch what the event
 * names) and sealed for this run; with it goes the planner mode an operator set for the tenant, as of
 * the same registry revision.
 */
@ApplicationScoped
public class SnapshotStage {

    private static final Logger LOG = Logger.getLogger(SnapshotStage.class);

    private final SnapshotSupply supply;
    private final SnapshotSeals seals;
    private final PrincipalAuthentication authentication;
    private final TrustedCommands commands;
    /** Tenants and commands already warned about, bounded. */
    private final java.util.Set<String> untrustedSeen = java.util.concurrent.ConcurrentHashMap.newKeySet();
    static final int MAX_UNTRUSTED_LOGGED = 1000;

    public SnapshotStage(SnapshotSupply supply, SnapshotSeals seals, PrincipalAuthentication authentication,
                         TrustedCommands commands) {
        this.supply = supply;
        this.seals = seals;
        this.authentication = authentication;
        this.commands = commands;
    }

    /** @param principalHeaders the values of the turn record's principal headers (none, or one) */
    public Uni<List<RunEvent>> apply(TurnRequested received, List<String> principalHeaders, EventStamps stamps) {
        // The turn's clock starts here, on this service's clock: a time the backend wrote is not taken.
        TurnRequested turn = received.admitted(stamps.now());
        return admitted(turn, principalHeaders).chain(admission -> {
            if (admission instanceof Admission.Refused refused) {
                LOG.warnf("turn_not_authenticated runId=%s claimedTenant=%s check=%s", turn.run().runId(),
                        turn.run().tenantId(), refused.reason());
                return Uni.createFrom().failure(new AnsweredRejection("turn not authenticated: " + refused.reason(),
                        List.of(SnapshotEvents.notAuthenticated(turn, stamps.next()))));
            }
            return snapshotFor(turn, stamps);
        });
    }

    /**
     * Verification may fetch an issuer's keys (a JWKS URL, cached then): off the event loop, back on the
     * caller's context, where the registry's reads (Hibernate Reactive) must run.
     */
    private Uni<Admission> admitted(TurnRequested turn, List<String> principalHeaders) {
        Uni<Admission> admission = Uni.createFrom().item(() -> authentication.admit(principalHeaders,
                ClaimedPrincipal.of(turn.run())));
        Context context = Vertx.currentContext();
        return context == null ? admission : admission.runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .emitOn(task -> context.runOnContext(ignored -> task.run()));
    }

    private Uni<List<RunEvent>> snapshotFor(TurnRequested turn, EventStamps stamps) {
        // The registry is read from PostgreSQL: while it is away the record waits, it is not dead-lettered.
        return Outages.waitOut(Uni.createFrom().deferred(() -> supply.forTurn(SnapshotEvents.audience(turn.run()))),
                DatabaseOutage::is, LOG, "registry_unavailable", turn.run().runId()).map(started -> {
            CapabilitySnapshot snapshot = started.snapshot();
            log(turn, snapshot);
            String command = commands.admitted(turn.run().tenantId(), turn.command());
            if (turn.command() != null && command == null && untrustedSeen.size() < MAX_UNTRUSTED_LOGGED
                    && untrustedSeen.add(turn.run().tenantId() + " " + turn.command())) {
                // Once per tenant and command: a backend sending it on every turn does not flood the log.
                // The schema bounds a command to a slash and 32 plain characters.
                LOG.warnf("command_not_trusted tenant=%s command=%s (turns sending it are planned from their"
                        + " question alone; said once)", turn.run().tenantId(), turn.command());
            }
            return List.of(SnapshotEvents.built(turn, snapshot, seals, started.plannerMode(), command,
                    stamps.next()));
        });
    }

    private static void log(TurnRequested turn, CapabilitySnapshot snapshot) {
        LOG.infof("snapshot_built runId=%s hash=%s capabilities=%d excluded=%d", turn.run().runId(), snapshot.hash(),
                snapshot.capabilities().size(), snapshot.exclusions().size());
    }
}
