package dev.capplanner.contracts.trust;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.capplanner.contracts.events.Principal;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.SessionScope;
import dev.capplanner.contracts.events.SnapshotRef;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SnapshotSealsTest {

    static final byte[] OLD_KEY = "0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.UTF_8);
    static final byte[] NEW_KEY = "fedcba9876543210fedcba9876543210".getBytes(StandardCharsets.UTF_8);
    static final String HASH = "sha256:" + "c".repeat(64);
    static final RunContext RUN = new RunContext("run-1", "turn-1", 0, "acme", "support-desk", "conv-1",
            new Principal("u-17", List.of("support-lead", "support-agent")));

    final SnapshotSeals seals = new SnapshotSeals("k1", Map.of("k1", OLD_KEY));

    @Test
    void aSealVerifiesForTheRunItWasMadeFor() {
        assertThat(seals.verify(RUN, ref(seals.seal(RUN, HASH), HASH, "acme")).valid()).isTrue();
    }

    @Test
    void anotherHashRunPrincipalRoleSetOrTenantBreaksTheSeal() {
        String seal = seals.seal(RUN, HASH);
        assertThat(seals.verify(RUN, ref(seal, "sha256:" + "d".repeat(64), "acme")).reason())
                .isEqualTo("snapshot seal does not match run, conversation, principal, scope and hash");
        assertThat(seals.verify(with(RUN, "run-2", RUN.principal()), ref(seal, HASH, "acme")).valid()).isFalse();
        assertThat(seals.verify(with(RUN, "run-1", new Principal("u-18", RUN.principal().roles())),
                ref(seal, HASH, "acme")).valid()).isFalse();
        assertThat(seals.verify(with(RUN, "run-1", new Principal("u-17", List.of("support-agent"))),
                ref(seal, HASH, "acme")).valid()).isFalse();
        assertThat(seals.verify(RUN, ref(seal, HASH, "globex")).valid()).isFalse();
    }

    @Test
    void aSealCoversTheSessionScopeSoAnotherObjectOrNoneBreaksIt() {
        RunContext scoped = scoped(new SessionScope(null, null, "T-1001"));
        String seal = seals.seal(scoped, HASH);

        assertThat(seals.verify(scoped, ref(seal, HASH, "acme")).valid()).isTrue();
        assertThat(seals.verify(scoped(new SessionScope(null, null, "T-2002")), ref(seal, HASH, "acme")).valid()).isFalse();
        assertThat(seals.verify(scoped(new SessionScope("T-1001", null, null)), ref(seal, HASH, "acme")).valid()).isFalse();
        assertThat(seals.verify(RUN, ref(seal, HASH, "acme")).valid()).isFalse();
        assertThat(seals.verify(scoped, ref(seals.seal(RUN, HASH), HASH, "acme")).valid()).isFalse();
    }

    private static RunContext scoped(SessionScope scope) {
        return new RunContext(RUN.runId(), RUN.turnId(), RUN.iteration(), RUN.tenantId(), RUN.projectId(),
                RUN.conversationId(), RUN.principal(), scope);
    }

    @Test
    void aSealForAnotherConversationOfTheSameRunIdIsRejected() {
        String seal = seals.seal(RUN, HASH);
        RunContext elsewhere = new RunContext(RUN.runId(), RUN.turnId(), RUN.iteration(), RUN.tenantId(),
                RUN.projectId(), "conv-2", RUN.principal());
        assertThat(seals.verify(elsewhere, ref(seal, HASH, "acme")).valid()).isFalse();
    }

    @Test
    void roleOrderDoesNotMatter() {
        String seal = seals.seal(RUN, HASH);
        RunContext reordered = with(RUN, "run-1", new Principal("u-17", List.of("support-agent", "support-lead")));
        assertThat(seals.verify(reordered, ref(seal, HASH, "acme")).valid()).isTrue();
    }

    @Test
    void unsealedMalformedAndUnknownKeySealsAreInvalidWithTheirReason() {
        assertThat(seals.verify(RUN, ref(null, HASH, "acme")).reason()).isEqualTo("snapshot is not sealed");
        assertThat(seals.verify(RUN, ref("sha256:nope", HASH, "acme")).reason()).isEqualTo("snapshot seal is malformed");
        String foreign = new SnapshotSeals("k9", Map.of("k9", NEW_KEY)).seal(RUN, HASH);
        assertThat(seals.verify(RUN, ref(foreign, HASH, "acme")).reason())
                .isEqualTo("snapshot seal names an unknown key");
    }

    @Test
    void aSealFromAnotherSecretUnderTheSameKeyIdIsRejected() {
        String forged = new SnapshotSeals("k1", Map.of("k1", NEW_KEY)).seal(RUN, HASH);
        assertThat(seals.verify(RUN, ref(forged, HASH, "acme")).valid()).isFalse();
    }

    @Test
    void rotationKeepsOldSealsValidWhileBothKeysAreHeld() {
        String oldSeal = seals.seal(RUN, HASH);
        SnapshotSeals rotated = new SnapshotSeals("k2", Map.of("k1", OLD_KEY, "k2", NEW_KEY));
        assertThat(rotated.seal(RUN, HASH)).startsWith("hmac-sha256:k2:");
        assertThat(rotated.verify(RUN, ref(oldSeal, HASH, "acme")).valid()).isTrue();
        SnapshotSeals retired = new SnapshotSeals("k2", Map.of("k2", NEW_KEY));
        assertThat(retired.verify(RUN, ref(oldSeal, HASH, "acme")).valid()).isFalse();
    }

    @Test
    void weakOrMissingKeysAreRefusedAtConstruction() {
        assertThatThrownBy(() -> new SnapshotSeals("k1", Map.of("k1", new byte[16])))
                .hasMessageContaining("shorter than 32 bytes");
        assertThatThrownBy(() -> new SnapshotSeals("k3", Map.of("k1", OLD_KEY)))
                .hasMessageContaining("active seal key k3");
        assertThatThrownBy(() -> new SnapshotSeals(null, Map.of())).hasMessageContaining("no seal keys");
        assertThatThrownBy(() -> new SnapshotSeals(null, Map.of("k1", OLD_KEY)).seal(RUN, HASH))
                .isInstanceOf(IllegalStateException.class);
    }

    private static SnapshotRef ref(String seal, String hash, String tenant) {
        return new SnapshotRef(hash, 10, 1, tenant, "support-desk", seal);
    }

    private static RunContext with(RunContext run, String runId, Principal principal) {
        return new RunContext(runId, run.turnId(), run.iteration(), run.tenantId(), run.projectId(),
                run.conversationId(), principal);
    }
}
