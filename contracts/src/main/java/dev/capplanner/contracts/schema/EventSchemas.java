package dev.capplanner.contracts.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.contracts.EventType;
import io.vertx.core.json.JsonObject;
import io.vertx.json.schema.Draft;
import io.vertx.json.schema.JsonSchema;
import io.vertx.json.schema.JsonSchemaOptions;
import io.vertx.json.schema.OutputFormat;
import io.vertx.json.schema.OutputUnit;
import io.vertx.json.schema.SchemaRepository;
import io.vertx.json.schema.Validator;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The v1 JSON Schemas, loaded once from the classpath, and validation against them: whether an event
 * conforms is answered by the schemas {@link CompiledSchema compiled} for that question, and why it
 * does not by vertx-json-schema (the failures, in its words).
 */
public final class EventSchemas {

    private static final String RESOURCE_DIR = "/schemas/v1/";
    private static final int MAX_REPORTED_ERRORS = 3;
    /**
     * Errors that follow from another one: "something below failed" wrappers, and the envelope's
     * fields reported as unevaluated once the envelope's {@code allOf} failed. Shown only when no
     * other error explains the failure (so a genuinely unknown field is still reported).
     */
    private static final List<String> CONSEQUENTIAL_ERRORS = List.of("subschema", "does not match schema",
            "does not match additional properties schema", "does not match unevaluated properties schema");

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Map<EventType, Validator> validators = new EnumMap<>(EventType.class);
    private final Map<EventType, CompiledSchema> compiled = new EnumMap<>(EventType.class);

    public EventSchemas() {
        SchemaRepository repository = SchemaRepository.create(new JsonSchemaOptions()
                .setDraft(Draft.DRAFT202012)
                .setBaseUri(EventType.SCHEMA_BASE_URI)
                .setOutputFormat(OutputFormat.Basic));
        repository.dereference(EventType.SCHEMA_BASE_URI + "common.json", forVertx("common.json"));
        repository.dereference(EventType.SCHEMA_BASE_URI + CapabilityPlanDocuments.SCHEMA_FILE,
                forVertx(CapabilityPlanDocuments.SCHEMA_FILE));
        for (EventType type : EventType.values()) {
            repository.dereference(type.schemaUri(), forVertx(type.schemaFile()));
        }
        for (EventType type : EventType.values()) {
            validators.put(type, repository.validator(type.schemaUri()));
        }
        Map<String, JsonNode> documents = new HashMap<>();
        documents.put(EventType.SCHEMA_BASE_URI + "common.json", tree("common.json"));
        documents.put(EventType.SCHEMA_BASE_URI + CapabilityPlanDocuments.SCHEMA_FILE,
                tree(CapabilityPlanDocuments.SCHEMA_FILE));
        for (EventType type : EventType.values()) {
            documents.put(type.schemaUri(), tree(type.schemaFile()));
        }
        for (EventType type : EventType.values()) {
            // Every v1 schema compiles (EventSchemasAgreementTest); the compiler refuses what it cannot check.
            compiled.put(type, CompiledSchema.compile(type.schemaUri(), documents));
        }
    }

    /** Whether a parsed event conforms to its type's schema; {@link #violations} says why not. */
    public boolean conforms(EventType type, JsonNode event) {
        return check(type, event) == CompiledSchema.Verdict.CONFORMS;
    }

    /** The verdict on a parsed event; an uncheckable one must not be handed to {@link #violations}. */
    public CompiledSchema.Verdict check(EventType type, JsonNode event) {
        return compiled.get(type).check(event);
    }

    /** Validates a parsed event; the result's messages are normalized, short and payload-free. */
    public List<String> violations(EventType type, JsonObject event) {
        OutputUnit result;
        try {
            result = validators.get(type).validate(event);
        } catch (RuntimeException | StackOverflowError e) {
            // vertx-json-schema throws on some values of some formats: refused with the failure's kind, not a crash.
            return List.of("/: could not be checked (" + e.getClass().getSimpleName() + ")");
        }
        if (Boolean.TRUE.equals(result.getValid())) {
            return List.of();
        }
        return normalize(result, true);
    }

    /**
     * One bad field may yield several errors (the field itself, then its parents' "allOf" or
     * "unevaluated properties"): keep the deepest, distinct ones first. An operator's own document
     * (a capability plan, answered to its author) keeps its names; an event's reason hides the ones
     * no contract declares.
     */
    static List<String> normalize(OutputUnit result, boolean hideUndeclaredNames) {
        List<OutputUnit> errors = new ArrayList<>(result.getErrors() == null ? List.of() : result.getErrors());
        if (errors.isEmpty()) {
            errors.add(result);
        }
        List<OutputUnit> specific = errors.stream()
                .filter(e -> CONSEQUENTIAL_ERRORS.stream().noneMatch(w -> String.valueOf(e.getError()).contains(w)))
                .toList();
        if (!specific.isEmpty()) {
            errors = new ArrayList<>(specific);
        }
        errors.sort(Comparator.comparingInt((OutputUnit e) -> depth(e.getInstanceLocation())).reversed());
        Set<String> messages = new LinkedHashSet<>();
        for (OutputUnit error : errors) {
            String pointer = pointer(error.getInstanceLocation());
            String message = String.valueOf(error.getError());
            // An event's reason is kept where its payload is not: it repeats declared names only (DeclaredNames).
            messages.add(hideUndeclaredNames ? DeclaredNames.pointer(pointer) + ": " + DeclaredNames.message(message)
                    : pointer + ": " + message);
            if (messages.size() == MAX_REPORTED_ERRORS) {
                break;
            }
        }
        return List.copyOf(messages);
    }

    /** A JSON Pointer without the URI fragment mark: {@code #/run/tenantId} becomes {@code /run/tenantId}. */
    private static String pointer(String location) {
        String pointer = location == null ? "" : location.startsWith("#") ? location.substring(1) : location;
        return pointer.isEmpty() ? "/" : pointer;
    }

    private static int depth(String location) {
        return location == null ? 0 : (int) location.chars().filter(c -> c == '/').count();
    }

    /** The schema as vertx-json-schema must read it to judge as the compiled one does: patterns in Java's dialect. */
    private static JsonSchema forVertx(String file) {
        return JsonSchema.of(new JsonObject(SchemaPatterns.inJavaDialect(load(file).getMap())));
    }

    static JsonNode tree(String file) {
        try {
            return JSON.readTree(load(file).encode());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static JsonObject load(String file) {
        try (InputStream in = EventSchemas.class.getResourceAsStream(RESOURCE_DIR + file)) {
            if (in == null) {
                throw new IllegalStateException("schema missing from the classpath: " + file);
            }
            return new JsonObject(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
