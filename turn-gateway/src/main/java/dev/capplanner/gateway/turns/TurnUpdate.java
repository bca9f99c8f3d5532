package dev.capplanner.gateway.turns;

/** What a caller waiting for its turn hears: how far the turn got, then its completion. */
public sealed interface TurnUpdate {

    /** A stage of the pipeline handed the turn on ({@link Stage}), in an iteration of the turn. */
    record Progress(Stage stage, int iteration) implements TurnUpdate {
    }

    /** The turn's {@code turn.completed} event, as the executor (or the snapshot service) wrote it. */
    record Completed(String completionJson) implements TurnUpdate {
    }

    /** The stages a turn passes, named after the event each one publishes. */
    enum Stage {
        SNAPSHOT_BUILT("snapshot_built"), ROUTED("routed"), PLANNED("planned"), EXECUTED("executed");

        private final String wireName;

        Stage(String wireName) {
            this.wireName = wireName;
        }

        public String wireName() {
            return wireName;
        }
    }
}
