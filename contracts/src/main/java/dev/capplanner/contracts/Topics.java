package dev.capplanner.contracts;

/**
 * The v1 Kafka topic names, as constants so that a consumer can name its topic in an annotation.
 * {@link EventType} is the one place that ties each topic to its event; a topic carries the
 * major version so that a v2 can run beside v1 during a migration.
 */
public final class Topics {

    public static final String TURN_REQUESTED = "capplanner.turn.requested.v1";
    public static final String SNAPSHOT_BUILT = "capplanner.snapshot.built.v1";
    public static final String ROUTE_SELECTED = "capplanner.route.selected.v1";
    public static final String PLAN_PROPOSED = "capplanner.plan.proposed.v1";
    public static final String ACTIONS_EXECUTED = "capplanner.actions.executed.v1";
    public static final String TURN_COMPLETED = "capplanner.turn.completed.v1";
    public static final String SHADOW_COMPARED = "capplanner.shadow.compared.v1";

    private Topics() {
    }

    /** Where a consuming service forwards the records it cannot process: {@code capplanner.<service>.dlq.v1}. */
    public static String deadLetters(String service) {
        return "capplanner." + service + ".dlq.v1";
    }
}
