package dev.capplanner.snapshot.connection;

import dev.capplanner.contracts.snapshotservice.TargetAnswer;
import java.util.List;
import java.util.Optional;

/**
 * A tenant's project's call target, from the connections registered for it: the one enabled
 * connection whose capabilities name the target and that says where its calls go. Two such
 * connections naming one target are ambiguous and answer nothing: the executor refuses the call
 * rather than guess whose credential to send.
 */
public final class ConnectionTargets {

    private ConnectionTargets() {
    }

    /** @param registrations the enabled registrations of the asking tenant's project, and only those */
    public static Optional<TargetAnswer> find(List<ConnectionRegistration> registrations, String target, long revision) {
        List<ConnectionRegistration> naming = registrations.stream()
                .filter(registration -> target.equals(registration.callTarget()))
                .filter(registration -> registration.callUrl().isPresent())
                .toList();
        if (naming.size() != 1) {
            return Optional.empty();
        }
        ConnectionRegistration registration = naming.get(0);
        return Optional.of(new TargetAnswer(target, registration.callUrl().get(),
                registration.kind().equals("mcp") ? TargetAnswer.MCP : TargetAnswer.HTTP, registration.credential(),
                revision));
    }
}
