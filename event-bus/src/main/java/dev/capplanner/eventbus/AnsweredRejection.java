package dev.capplanner.eventbus;

import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.schema.RejectedEventException;
import java.util.List;

/**
 * A rejection whose sender must still hear back: the {@link StageRunner} publishes {@code answer}
 * (e.g. the completion that tells a chat backend its turn was not authenticated) and then
 * dead-letters the record with the reason, so nothing is lost and nobody waits forever.
 */
public final class AnsweredRejection extends RejectedEventException {

    private final transient List<RunEvent> answer;

    public AnsweredRejection(String reason, List<RunEvent> answer) {
        super(reason);
        this.answer = List.copyOf(answer);
    }

    public List<RunEvent> answer() {
        return answer;
    }
}
