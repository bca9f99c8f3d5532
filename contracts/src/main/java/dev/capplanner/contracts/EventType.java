package dev.capplanner.contracts;

import dev.capplanner.contracts.events.ActionsExecuted;
import dev.capplanner.contracts.events.PlanProposed;
import dev.capplanner.contracts.events.RouteSelected;
import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.events.ShadowCompared;
import dev.capplanner.contracts.events.SnapshotBuilt;
import dev.capplanner.contracts.events.TurnCompleted;
import dev.capplanner.contracts.events.TurnRequested;
import java.util.Arrays;
import java.util.Optional;

/** The v1 run events: for each, its Kafka topic, CloudEvents type, JSON Schema and record. */
public enum EventType {
    TURN_REQUESTED(Topics.TURN_REQUESTED, "turn-requested.json", TurnRequested.class),
    SNAPSHOT_BUILT(Topics.SNAPSHOT_BUILT, "snapshot-built.json", SnapshotBuilt.class),
    ROUTE_SELECTED(Topics.ROUTE_SELECTED, "route-selected.json", RouteSelected.class),
    PLAN_PROPOSED(Topics.PLAN_PROPOSED, "plan-proposed.json", PlanProposed.class),
    ACTIONS_EXECUTED(Topics.ACTIONS_EXECUTED, "actions-executed.json", ActionsExecuted.class),
    TURN_COMPLETED(Topics.TURN_COMPLETED, "turn-completed.json", TurnCompleted.class),
    SHADOW_COMPARED(Topics.SHADOW_COMPARED, "shadow-compared.json", ShadowCompared.class);

    public static final String VERSION = RunEvent.SCHEMA_VERSION;
    public static final String SCHEMA_BASE_URI = "https://capplanner.dev/schemas/v1/";
    private static final String TOPIC_PREFIX = "capplanner.";
    private static final String CLOUDEVENTS_TYPE_PREFIX = "dev.capplanner.";

    private final String topic;
    private final String schemaFile;
    private final Class<? extends RunEvent> recordType;

    EventType(String topic, String schemaFile, Class<? extends RunEvent> recordType) {
        this.topic = topic;
        this.schemaFile = schemaFile;
        this.recordType = recordType;
    }

    /** The Kafka topic, e.g. {@code capplanner.turn.requested.v1}. */
    public String topic() {
        return topic;
    }

    /** The CloudEvents {@code type} attribute, e.g. {@code dev.capplanner.turn.requested.v1}. */
    public String cloudEventType() {
        return CLOUDEVENTS_TYPE_PREFIX + topic.substring(TOPIC_PREFIX.length());
    }

    /** The schema file name under {@code schemas/v1/}. */
    public String schemaFile() {
        return schemaFile;
    }

    /** The schema's {@code $id}, also the CloudEvents {@code dataschema} attribute. */
    public String schemaUri() {
        return SCHEMA_BASE_URI + schemaFile;
    }

    public Class<? extends RunEvent> recordType() {
        return recordType;
    }

    public static EventType of(RunEvent event) {
        return ofRecord(event.getClass());
    }

    public static EventType ofRecord(Class<? extends RunEvent> type) {
        return Arrays.stream(values()).filter(t -> t.recordType.isAssignableFrom(type)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no event type for " + type));
    }

    public static Optional<EventType> ofTopic(String topic) {
        return Arrays.stream(values()).filter(t -> t.topic.equals(topic)).findFirst();
    }
}
