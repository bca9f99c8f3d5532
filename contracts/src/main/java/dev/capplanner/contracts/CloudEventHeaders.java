package dev.capplanner.contracts;

import dev.capplanner.contracts.events.RunEvent;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;

/** CloudEvents 1.0 Kafka protocol binding, binary mode: attributes travel as {@code ce_} headers. */
public final class CloudEventHeaders {
    public static final String SPEC_VERSION = "ce_specversion";
    public static final String ID = "ce_id";
    public static final String TYPE = "ce_type";
    public static final String SOURCE = "ce_source";
    public static final String SUBJECT = "ce_subject";
    public static final String TIME = "ce_time";
    public static final String DATA_SCHEMA = "ce_dataschema";
    public static final String CONTENT_TYPE = "content-type";
    public static final String SPEC_VERSION_VALUE = "1.0";
    public static final String JSON = "application/json";

    private CloudEventHeaders() {
    }

    /**
     * The headers of one event record: id = event id, type from the event type, subject = run id,
     * time = occurred-at, data schema = the event's schema URI.
     *
     * @param source the producer, e.g. {@code urn:capplanner:snapshot-service}
     */
    public static Map<String, String> of(RunEvent event, String source) {
        EventType type = EventType.of(event);
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(SPEC_VERSION, SPEC_VERSION_VALUE);
        headers.put(ID, event.eventId());
        headers.put(TYPE, type.cloudEventType());
        headers.put(SOURCE, source);
        headers.put(SUBJECT, event.run().runId());
        headers.put(TIME, DateTimeFormatter.ISO_INSTANT.format(event.occurredAt()));
        headers.put(DATA_SCHEMA, type.schemaUri());
        headers.put(CONTENT_TYPE, JSON);
        return headers;
    }

    /** The headers of an event that starts or continues the given trace. */
    public static Map<String, String> of(RunEvent event, String source, TraceParent trace) {
        Map<String, String> headers = of(event, source);
        headers.put(TraceParent.HEADER, trace.header());
        return headers;
    }
}
