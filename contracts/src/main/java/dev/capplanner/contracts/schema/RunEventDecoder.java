package dev.capplanner.contracts.schema;

import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.json.RunEventJson;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * Turns a raw record value into a validated event, or rejects it with a reason fit for a
 * dead-letter header: invalid JSON, an unknown schema version, or a schema violation.
 */
public final class RunEventDecoder {

    private final EventSchemas schemas;

    public RunEventDecoder(EventSchemas schemas) {
        this.schemas = schemas;
    }

    public <T extends RunEvent> T decode(String raw, EventType type, Class<T> recordType) {
        if (!type.recordType().equals(recordType)) {
            throw new IllegalArgumentException(type + " is not decoded as " + recordType.getSimpleName());
        }
        if (raw == null || raw.isBlank()) {
            throw new RejectedEventException("invalid JSON: empty record value");
        }
        JsonObject json;
        try {
            json = new JsonObject(raw);
        } catch (DecodeException | ClassCastException e) {
            throw new RejectedEventException("invalid JSON: not a JSON object");
        }
        Object version = json.getValue("schemaVersion");
        if (version == null) {
            throw new RejectedEventException("unknown schema version: schemaVersion is missing");
        }
        if (!RunEvent.SCHEMA_VERSION.equals(version)) {
            throw new RejectedEventException("unknown schema version: " + abbreviate(String.valueOf(version))
                    + " (this consumer reads " + RunEvent.SCHEMA_VERSION + ")");
        }
        List<String> violations = schemas.violations(type, json);
        if (!violations.isEmpty()) {
            throw new RejectedEventException("schema violation against " + type.schemaFile() + ": "
                    + String.join("; ", violations));
        }
        return RunEventJson.fromJson(raw, recordType);
    }

    private static String abbreviate(String value) {
        return value.length() <= 20 ? value : value.substring(0, 20) + "...";
    }
}
