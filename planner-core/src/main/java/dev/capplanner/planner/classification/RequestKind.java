package dev.capplanner.planner.classification;

/** What a turn asks for, decided before planning (the seed's phase 1). */
public enum RequestKind {
    /** What can you do, which tools: guidance and capabilities; nothing executes. */
    HELP,
    /** Status, lists, details: planned over the read-only capabilities. */
    INSPECTION,
    /** Change something: this suite is read-only, so it refuses and offers the closest read. */
    COMMAND
}
