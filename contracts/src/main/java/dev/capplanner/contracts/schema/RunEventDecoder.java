package dev.capplanner.contracts.schema;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.json.RunEventJson;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Turns a raw record value into a validated event, or rejects it with a reason fit for a
 * dead-letter header: invalid JSON, an unknown schema version, or a schema violation. The value is
 * parsed once; the tree is checked and bound to the record, and only a rejected event is read again
 * to say why.
 */
public final class RunEventDecoder {

    /**
     * A member named twice is refused: parsers differ on which of the two counts (Jackson and vertx
     * take the last, others the first), so such a record could mean one thing here and another to
     * a chat backend or an analyst's tool.
     */
    private static final ObjectReader TREES = RunEventJson.mapper().reader()
            .with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .with(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    private static final Pattern VERSION = Pattern.compile("v\\d{1,4}");

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
        JsonNode json;
        try {
            json = TREES.readTree(raw);
        } catch (JsonProcessingException e) {
            throw new RejectedEventException(String.valueOf(e.getOriginalMessage()).startsWith("Duplicate field")
                    ? "invalid JSON: a member is named twice" : "invalid JSON: not a JSON object");
        }
        if (json == null || !json.isObject()) {
            throw new RejectedEventException("invalid JSON: not a JSON object");
        }
        JsonNode version = json.get("schemaVersion");
        if (version == null || version.isNull()) {
            throw new RejectedEventException("unknown schema version: schemaVersion is missing");
        }
        if (!version.isTextual() || !RunEvent.SCHEMA_VERSION.equals(version.textValue())) {
            // Named only when it looks like a version: the field is the sender's to fill with anything.
            String named = version.isTextual() && VERSION.matcher(version.textValue()).matches() ? version.textValue()
                    : "a value that is no version";
            throw new RejectedEventException("unknown schema version: " + named
                    + " (this consumer reads " + RunEvent.SCHEMA_VERSION + ")");
        }
        CompiledSchema.Verdict verdict = schemas.check(type, json);
        if (verdict == CompiledSchema.Verdict.UNCHECKABLE) {
            throw new RejectedEventException("schema violation against " + type.schemaFile()
                    + ": /: could not be checked within the check's budget");
        }
        if (verdict == CompiledSchema.Verdict.VIOLATES) {
            throw new RejectedEventException("schema violation against " + type.schemaFile() + ": "
                    + String.join("; ", reasons(type, raw)));
        }
        try {
            return RunEventJson.mapper().treeToValue(json, recordType);
        } catch (JsonProcessingException | RuntimeException e) {
            // The schema admits a few values the record cannot hold (a count past an int, 2026-02-30 as
            // a date-time vertx accepts): refused like a violation, by location; the parser's message
            // quotes the value, so it is not used.
            throw new RejectedEventException("schema violation against " + type.schemaFile() + ": "
                    + DeclaredNames.pointer(location(e)) + ": does not fit the event's record ("
                    + e.getClass().getSimpleName() + ")");
        }
    }

    /** The JSON Pointer of the member a binding failed on, from the path Jackson kept. */
    private static String location(Exception e) {
        if (!(e instanceof JsonMappingException mapping) || mapping.getPath().isEmpty()) {
            return "/";
        }
        StringBuilder pointer = new StringBuilder();
        for (JsonMappingException.Reference step : mapping.getPath()) {
            pointer.append('/').append(step.getFieldName() != null
                    ? step.getFieldName().replace("~", "~0").replace("/", "~1")
                    : String.valueOf(step.getIndex()));
        }
        return pointer.toString();
    }

    /** The failures in vertx-json-schema's words; should it find none, the event is still refused. */
    private List<String> reasons(EventType type, String raw) {
        List<String> violations = schemas.violations(type, new JsonObject(raw));
        return violations.isEmpty() ? List.of("/: does not conform (refused by the compiled schema)") : violations;
    }

}
