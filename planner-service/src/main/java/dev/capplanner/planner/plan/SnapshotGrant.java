package dev.capplanner.planner.plan;

/** A tool of the run's snapshot (routed or not), as far as plan validation needs it. */
public record SnapshotGrant(String name, boolean readOnly) {
}
