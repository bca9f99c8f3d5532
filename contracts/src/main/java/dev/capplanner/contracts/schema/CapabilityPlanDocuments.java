package dev.capplanner.contracts.schema;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.capabilityplans.CapabilityPlan;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import io.vertx.json.schema.Draft;
import io.vertx.json.schema.JsonSchema;
import io.vertx.json.schema.JsonSchemaOptions;
import io.vertx.json.schema.OutputFormat;
import io.vertx.json.schema.OutputUnit;
import io.vertx.json.schema.Validator;
import java.util.List;

/**
 * Capability plan documents against {@code schemas/v1/capability-plan.json}: the structure an
 * operator's plan must have before its references and capabilities are checked. Safe to share.
 */
public final class CapabilityPlanDocuments {

    public static final String SCHEMA_FILE = "capability-plan.json";

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private final Validator validator = Validator.create(JsonSchema.of(EventSchemas.load(SCHEMA_FILE)),
            new JsonSchemaOptions().setDraft(Draft.DRAFT202012).setBaseUri(EventType.SCHEMA_BASE_URI)
                    .setOutputFormat(OutputFormat.Basic));

    /** Where the document breaks the schema (JSON Pointer: message), at most a few; empty when it conforms. */
    public List<String> violations(JsonObject document) {
        OutputUnit result = validator.validate(document);
        return Boolean.TRUE.equals(result.getValid()) ? List.of() : EventSchemas.normalize(result, false);
    }

    /** The plan a JSON document states, once it conforms to the schema. */
    public CapabilityPlan read(String json) {
        JsonObject document;
        try {
            document = new JsonObject(json);
        } catch (DecodeException e) {
            throw new InvalidPlanDocumentException(List.of("/: not a JSON object"));
        }
        List<String> violations = violations(document);
        if (!violations.isEmpty()) {
            throw new InvalidPlanDocumentException(violations);
        }
        try {
            return MAPPER.readValue(json, CapabilityPlan.class);
        } catch (JsonProcessingException e) {
            throw new InvalidPlanDocumentException(List.of("/: " + e.getOriginalMessage()));
        }
    }

    /** A plan document that does not conform to the schema, with where and why. */
    public static final class InvalidPlanDocumentException extends RuntimeException {

        private final List<String> violations;

        public InvalidPlanDocumentException(List<String> violations) {
            super("the plan does not conform to capability-plan.json: " + String.join("; ", violations));
            this.violations = List.copyOf(violations);
        }

        public List<String> violations() {
            return violations;
        }
    }
}
