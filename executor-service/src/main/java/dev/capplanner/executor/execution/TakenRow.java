package dev.capplanner.executor.execution;

/**
 * The row (1-based) of the collection at {@code collection} of an earlier result that a later call of
 * the turn took its input from; row 0 when later calls took different rows (none is "the" selected one).
 */
public record TakenRow(String collection, int row) {

    /** This and another call's take of the same result: the same row, or none. */
    TakenRow with(TakenRow other) {
        return equals(other) ? this : new TakenRow(collection, 0);
    }

    /** Whether it names one row of the collection the evidence names. */
    public boolean of(String evidenceCollection) {
        return row > 0 && collection.equals(evidenceCollection);
    }
}
