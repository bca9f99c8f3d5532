package dev.capplanner.contracts;

import dev.capplanner.contracts.events.ActionsExecuted;
import dev.capplanner.contracts.events.PlanProposed;
import dev.capplanner.contracts.events.RouteSelected;
import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.events.ShadowCompared;
import dev.capplanner.contracts.events.SnapshotBuilt;
import dev.capplanner.contracts.events.TurnCompleted;
import dev.capplanner.contracts.events.TurnRequested;

/**
 * The v1 run events: for each, its Kafka topic, CloudEvents type, JSON Schema file and record.
 * The topic name carries the major version so that a v2 can run beside v1 during a migration.
 */
public enum EventType {
    TURN_REQUESTED("turn.requested", "turn-requested.json", TurnRequested.class),
    SNAPSHOT_BUILT("snapshot.built", "snapshot-built.json", SnapshotBuilt.class),
    ROUTE_SELECTED("route.selected", "route-selected.json", RouteSelected.class),
    PLAN_PROPOSED("plan.proposed", "plan-proposed.json", PlanProposed.class),
    ACTIONS_EXECUTED("actions.executed", "actions-executed.json", ActionsExecuted.class),
    TURN_COMPLETED("turn.completed", "turn-completed.json", TurnCompleted.class),
    SHADOW_COMPARED("shadow.compared", "shadow-compared.json", ShadowCompared.class);

    public static final String VERSION = RunEvent.SCHEMA_VERSION;
    public static final String CLOUDEVENTS_TYPE_PREFIX = "dev.capplanner.";

    private final String baseName;
    private final String schemaFile;
    private final Class<? extends RunEvent> recordType;

    EventType(String baseName, String schemaFile, Class<? extends RunEvent> recordType) {
        this.baseName = baseName;
        this.schemaFile = schemaFile;
        this.recordType = recordType;
    }

    /** The Kafka topic, e.g. {@code capplanner.turn.requested.v1}. */
    public String topic() {
        return "capplanner." + baseName + "." + VERSION;
    }

    /** The CloudEvents {@code type} attribute, e.g. {@code dev.capplanner.turn.requested.v1}. */
    public String cloudEventType() {
        return CLOUDEVENTS_TYPE_PREFIX + baseName + "." + VERSION;
    }

    /** The schema file name under {@code schemas/v1/}. */
    public String schemaFile() {
        return schemaFile;
    }

    public Class<? extends RunEvent> recordType() {
        return recordType;
    }

    public static EventType of(RunEvent event) {
        for (EventType type : values()) {
            if (type.recordType.isInstance(event)) {
                return type;
            }
        }
        throw new IllegalArgumentException("no event type for " + event.getClass());
    }
}
