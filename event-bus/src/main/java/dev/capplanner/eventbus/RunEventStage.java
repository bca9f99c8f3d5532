package dev.capplanner.eventbus;

import dev.capplanner.contracts.events.RunEvent;
import io.smallrye.mutiny.Uni;
import java.util.List;
import java.util.Optional;

/**
 * What a service does with one validated input event: a plain function to the events it emits,
 * in the order they are published (none for a stage that only stores). Everything about Kafka
 * (decoding, validation, dead letters, keys, headers, trace context, acknowledgement) is the
 * {@link StageRunner}'s; ids and timestamps of the emitted events come from {@code stamps}.
 */
@FunctionalInterface
public interface RunEventStage<I extends RunEvent> {

    Uni<List<RunEvent>> apply(I event, EventStamps stamps);

    /**
     * Why this stage refuses a valid event before running it (a fact whose producer's seal does not
     * verify), or empty to run it. The runner asks right after decoding (for a batch, off the event
     * loop) and dead-letters a refused record with the reason while the rest of its poll goes on; a
     * check that throws refuses the event too.
     */
    default Optional<String> refusal(I event) {
        return Optional.empty();
    }
}
