package dev.capplanner.planner.messaging;

import dev.capplanner.contracts.Topics;
import dev.capplanner.contracts.events.ActionsExecuted;
import dev.capplanner.eventbus.StageRunner;
import dev.capplanner.planner.stage.ReplanStage;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

/**
 * actions executed -> {@link ReplanStage} -> the next iteration's plan, when the turn goes on.
 *
 * <p>Most observations end their turn: only one that echoes the plan it continues ({@code continuing})
 * asks anything of the planner, so a record whose text cannot hold that field is acknowledged
 * unread: decoding, validating and verifying every observation cost a schema validation and a seal
 * check each, for nothing (docs/benchmarks.md, "Throughput"). Skipping acts on nothing, so a forged record
 * gains nothing by it; a malformed one is still dead-lettered by the report service, which reads
 * every observation.
 */
@ApplicationScoped
public class ActionsExecutedHandler {

    private final StageRunner runner;
    private final ReplanStage stage;

    public ActionsExecutedHandler(StageRunner runner, ReplanStage stage) {
        this.runner = runner;
        this.stage = stage;
    }

    @Incoming(Topics.ACTIONS_EXECUTED)
    public Uni<Void> onActionsExecuted(Message<String> record) {
        if (!mayContinue(record.getPayload())) {
            return Uni.createFrom().completionStage(record.ack());
        }
        return runner.run(record, ActionsExecuted.class, stage);
    }

    /**
     * Whether the record may carry a plan to continue: its text names the field. Never false for an
     * observation that has one as the executor writes it (field names as they are, nulls left out).
     */
    static boolean mayContinue(String raw) {
        return raw == null || raw.contains(CONTINUING);
    }

    private static final String CONTINUING = "\"continuing\"";
}
