package dev.capplanner.gateway.turns;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class PendingTurnsTest {

    private static final TurnKey KEY = key("run-1", "conv-1", "acme", "u-17");

    private static TurnKey key(String runId, String conversationId, String tenantId, String userId) {
        return new TurnKey(runId, "turn-1", conversationId, tenantId, "support-desk", userId);
    }

    @Test
    void aTurnIsWaitedForOnceAndTheGatewayHoldsNoMoreThanItsCapacityNorAUserMoreThanItsShare() {
        PendingTurns pending = new PendingTurns(3, 2);
        assertThat(pending.register(KEY, update -> { })).isEqualTo(PendingTurns.Registration.REGISTERED);
        assertThat(pending.register(KEY, update -> { })).as("one caller per turn")
                .isEqualTo(PendingTurns.Registration.ALREADY_WAITING);
        assertThat(pending.register(key("run-2", "conv-1", "acme", "u-17"), update -> { }))
                .isEqualTo(PendingTurns.Registration.REGISTERED);
        assertThat(pending.register(key("run-3", "conv-1", "acme", "u-17"), update -> { })).as("u-17's share")
                .isEqualTo(PendingTurns.Registration.USER_FULL);
        assertThat(pending.register(key("run-3", "conv-9", "acme", "u-18"), update -> { }))
                .isEqualTo(PendingTurns.Registration.REGISTERED);
        assertThat(pending.register(key("run-4", "conv-9", "acme", "u-19"), update -> { }))
                .isEqualTo(PendingTurns.Registration.FULL);
        assertThat(pending.size()).isEqualTo(3);
    }

    @Test
    void aLateCleanUpNeverEndsANewerCallersWaitForTheSameTurn() {
        PendingTurns pending = new PendingTurns(10, 10);
        Consumer<TurnUpdate> first = update -> { };
        pending.register(KEY, first);
        pending.remove(KEY, first);
        List<TurnUpdate> heard = new ArrayList<>();
        Consumer<TurnUpdate> second = heard::add;
        pending.register(KEY, second);
        pending.remove(KEY, first);
        pending.deliver(KEY, new TurnUpdate.Completed("{}"));
        assertThat(heard).as("the first caller's timer fired after the second registered").hasSize(1);
    }

    @Test
    void anUpdateReachesOnlyTheTurnOfTheSameRunTurnConversationTenantProjectAndUser() {
        PendingTurns pending = new PendingTurns(10, 10);
        List<TurnUpdate> heard = new ArrayList<>();
        pending.register(KEY, heard::add);
        pending.deliver(key("run-1", "conv-1", "globex", "u-17"), new TurnUpdate.Completed("{}"));
        pending.deliver(key("run-1", "conv-1", "acme", "u-99"), new TurnUpdate.Completed("{}"));
        pending.deliver(key("run-1", "conv-2", "acme", "u-17"), new TurnUpdate.Completed("{}"));
        pending.deliver(new TurnKey("run-1", "turn-2", "conv-1", "acme", "support-desk", "u-17"), new TurnUpdate.Completed("{}"));
        pending.deliver(new TurnKey("run-1", "turn-1", "conv-1", "acme", "billing", "u-17"), new TurnUpdate.Completed("{}"));
        assertThat(heard).as("a run id is not a secret: another tenant, user, conversation, turn or project may send it")
                .isEmpty();
        pending.deliver(KEY, new TurnUpdate.Progress(TurnUpdate.Stage.ROUTED, 0));
        pending.deliver(KEY, new TurnUpdate.Completed("{\"outcome\":\"answered\"}"));
        pending.deliver(KEY, new TurnUpdate.Completed("{\"outcome\":\"late\"}"));
        assertThat(heard).containsExactly(new TurnUpdate.Progress(TurnUpdate.Stage.ROUTED, 0),
                new TurnUpdate.Completed("{\"outcome\":\"answered\"}"));
        assertThat(pending.isEmpty()).as("the completion ends the wait").isTrue();
        assertThat(pending.mayConcern("conv-1", "run-1")).isFalse();
    }

    @Test
    void aListenerThatFailsLosesOnlyItsOwnWait() {
        PendingTurns pending = new PendingTurns(10, 10);
        pending.register(KEY, update -> {
            throw new IllegalStateException("Already closed");
        });
        List<TurnUpdate> heard = new ArrayList<>();
        TurnKey other = key("run-2", "conv-2", "acme", "u-17");
        pending.register(other, heard::add);
        assertThat(pending.deliver(KEY, new TurnUpdate.Progress(TurnUpdate.Stage.ROUTED, 0))).isFalse();
        assertThat(pending.deliver(other, new TurnUpdate.Completed("{}"))).isTrue();
        assertThat(heard).hasSize(1);
        assertThat(pending.isEmpty()).as("the failed caller's slot is freed").isTrue();
    }

    @Test
    void theCheapFilterLetsThroughOnlyRecordsOfAConversationAndRunWaitedFor() {
        PendingTurns pending = new PendingTurns(10, 10);
        Consumer<TurnUpdate> listener = update -> { };
        pending.register(KEY, listener);
        pending.register(key("run-1", "conv-1", "globex", "u-1"), update -> { });
        assertThat(pending.mayConcern("conv-1", "run-1")).isTrue();
        assertThat(pending.mayConcern("conv-1", "run-2")).isFalse();
        assertThat(pending.mayConcern(null, "run-1")).isFalse();
        pending.remove(KEY, listener);
        assertThat(pending.mayConcern("conv-1", "run-1")).as("the other tenant's turn still waits").isTrue();
    }

    @Test
    void theRunOfARecordIsReadFromItsRunMemberWhateverComesBeforeIt() {
        String run = "{\"runId\":\"run-1\",\"turnId\":\"turn-1\",\"iteration\":2,\"tenantId\":\"acme\",\"projectId\":"
                + "\"support-desk\",\"conversationId\":\"conv-1\",\"principal\":{\"userId\":\"u-17\",\"roles\":[\"r\"]}}";
        String record = "{\"schemaVersion\":\"v1\",\"candidates\":[{\"run\":{\"runId\":\"decoy\"}}],\"note\":\"x\","
                + "\"run\":" + run + ",\"after\":1}";
        assertThat(RecordedRun.of(record.getBytes(StandardCharsets.UTF_8)))
                .contains(new RecordedRun.Found(KEY, 2, false));
        assertThat(RecordedRun.of(("{\"outcome\":\"unauthenticated\",\"run\":" + run + "}").getBytes(StandardCharsets.UTF_8)))
                .contains(new RecordedRun.Found(KEY, 2, true));
        assertThat(RecordedRun.of("{\"run\":{\"runId\":\"run-1\"}}".getBytes(StandardCharsets.UTF_8)))
                .as("a run without its owner").isEmpty();
        assertThat(RecordedRun.of("not json".getBytes(StandardCharsets.UTF_8))).isEmpty();
        assertThat(RecordedRun.of("[1,2]".getBytes(StandardCharsets.UTF_8))).isEmpty();
        assertThat(RecordedRun.of(null)).isEmpty();
    }
}
