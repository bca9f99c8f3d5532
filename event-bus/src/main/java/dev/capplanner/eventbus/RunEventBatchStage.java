package dev.capplanner.eventbus;

import dev.capplanner.contracts.events.RunEvent;
import io.smallrye.mutiny.Uni;
import java.util.List;

/**
 * A stage that only stores (it emits nothing) and does its work for a whole poll of records at
 * once, so the cost of a round trip to its store is paid once per batch instead of once per record.
 * {@link #apply} still handles one event: the {@link StageRunner} falls back to it, event by event,
 * when a batch fails for a reason that is not the store being away, so that only the event at fault
 * is dead-lettered.
 */
public interface RunEventBatchStage<I extends RunEvent> extends RunEventStage<I> {

    /** Stores every event of the batch, or fails as a whole (nothing of it stored). */
    Uni<Void> applyAll(List<I> events, EventStamps stamps);
}
