package dev.capplanner.gateway.turns;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PendingTurnsTest {

    private static final TurnKey KEY = new TurnKey("run-1", "conv-1", "acme", "u-17");

    @Test
    void aTurnIsWaitedForOnceAndTheGatewayHoldsNoMoreThanItsCapacity() {
        PendingTurns pending = new PendingTurns(2);
        assertThat(pending.register(KEY, update -> { })).isEqualTo(PendingTurns.Registration.REGISTERED);
        assertThat(pending.register(KEY, update -> { })).as("one caller per turn")
                .isEqualTo(PendingTurns.Registration.ALREADY_WAITING);
        assertThat(pending.register(new TurnKey("run-2", "conv-1", "acme", "u-17"), update -> { }))
                .isEqualTo(PendingTurns.Registration.REGISTERED);
        assertThat(pending.register(new TurnKey("run-3", "conv-1", "acme", "u-17"), update -> { }))
                .isEqualTo(PendingTurns.Registration.FULL);
        pending.remove(KEY);
        pending.remove(KEY);
        assertThat(pending.size()).isEqualTo(1);
    }

    @Test
    void anUpdateReachesOnlyTheTurnOfTheSameRunConversationTenantAndUser() {
        PendingTurns pending = new PendingTurns(10);
        List<TurnUpdate> heard = new ArrayList<>();
        pending.register(KEY, heard::add);
        pending.deliver(new TurnKey("run-1", "conv-1", "globex", "u-17"), new TurnUpdate.Completed("{}"));
        pending.deliver(new TurnKey("run-1", "conv-1", "acme", "u-99"), new TurnUpdate.Completed("{}"));
        pending.deliver(new TurnKey("run-1", "conv-2", "acme", "u-17"), new TurnUpdate.Completed("{}"));
        assertThat(heard).as("a run id is not a secret: another tenant, user or conversation may send it").isEmpty();
        pending.deliver(KEY, new TurnUpdate.Progress(TurnUpdate.Stage.ROUTED, 0));
        pending.deliver(KEY, new TurnUpdate.Completed("{\"outcome\":\"answered\"}"));
        pending.deliver(KEY, new TurnUpdate.Completed("{\"outcome\":\"late\"}"));
        assertThat(heard).containsExactly(new TurnUpdate.Progress(TurnUpdate.Stage.ROUTED, 0),
                new TurnUpdate.Completed("{\"outcome\":\"answered\"}"));
        assertThat(pending.isEmpty()).as("the completion ends the wait").isTrue();
        assertThat(pending.mayConcern("conv-1", "run-1")).isFalse();
    }

    @Test
    void theCheapFilterLetsThroughOnlyRecordsOfAConversationAndRunWaitedFor() {
        PendingTurns pending = new PendingTurns(10);
        pending.register(KEY, update -> { });
        pending.register(new TurnKey("run-1", "conv-1", "globex", "u-1"), update -> { });
        assertThat(pending.mayConcern("conv-1", "run-1")).isTrue();
        assertThat(pending.mayConcern("conv-1", "run-2")).isFalse();
        assertThat(pending.mayConcern(null, "run-1")).isFalse();
        pending.remove(KEY);
        assertThat(pending.mayConcern("conv-1", "run-1")).as("the other tenant's turn still waits").isTrue();
    }

    @Test
    void theRunOfARecordIsReadFromItsRunMemberWhateverComesBeforeIt() {
        String record = "{\"schemaVersion\":\"v1\",\"candidates\":[{\"run\":{\"runId\":\"decoy\"}}],\"note\":\"x\","
                + "\"run\":{\"runId\":\"run-1\",\"turnId\":\"t\",\"iteration\":2,\"tenantId\":\"acme\",\"projectId\":\"p\","
                + "\"conversationId\":\"conv-1\",\"principal\":{\"userId\":\"u-17\",\"roles\":[\"r\"]}},\"after\":1}";
        assertThat(RecordedRun.of(record.getBytes(StandardCharsets.UTF_8)))
                .contains(new RecordedRun.Found(KEY, 2));
        assertThat(RecordedRun.of("{\"run\":{\"runId\":\"run-1\"}}".getBytes(StandardCharsets.UTF_8)))
                .as("a run without its owner").isEmpty();
        assertThat(RecordedRun.of("not json".getBytes(StandardCharsets.UTF_8))).isEmpty();
        assertThat(RecordedRun.of("[1,2]".getBytes(StandardCharsets.UTF_8))).isEmpty();
        assertThat(RecordedRun.of(null)).isEmpty();
    }
}
