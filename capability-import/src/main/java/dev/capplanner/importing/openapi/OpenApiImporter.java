package dev.capplanner.importing.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.capplanner.contracts.paths.PathTemplate;
import dev.capplanner.importing.inference.MutatingNames;
import dev.capplanner.importing.inference.OutputShape;
import dev.capplanner.importing.inference.RelationshipInference;
import dev.capplanner.importing.inference.UntrustedText;
import dev.capplanner.importing.model.ImportResult;
import dev.capplanner.importing.model.ImportedCapability;
import dev.capplanner.importing.model.RefusedOperation;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An OpenAPI 3.0 or 3.1 document's operations as capabilities ({@code api:<connection>/<name>}):
 * each classified read or write ({@link Classification}), named with its entity and operation
 * ({@link Naming}), given a self-contained input schema (path and query parameters, plus the body
 * of a read POST) and its output's shape ({@link OutputShape}); then the relationships between
 * them ({@link RelationshipInference}). A path that is not a path template ({@link PathTemplate}: a
 * query string, fragment, host or dot segment in it) is refused with its place and reason, and none
 * of its operations is imported.
 */
public final class OpenApiImporter {

    /** Summary, then description, as one sentence run: no doubled full stop, no summary said twice. */
    static String describe(String summary, String description) {
        String first = summary.strip();
        String rest = description.strip();
        if (first.isEmpty() || rest.startsWith(first)) {
            return rest;
        }
        if (rest.isEmpty()) {
            return first;
        }
        return first + (first.matches(".*[.!?:;]$") ? " " : ". ") + rest;
    }

    private static final List<String> METHODS = List.of("get", "head", "post", "put", "patch", "delete");

    public ImportResult importDocument(JsonNode document, String connection) {
        return importDocument(document, connection, Set.of());
    }

    /**
     * @param boundParameters parameters the caller binds from its trusted run context (a tenant, a
     *                        principal): they stay in the input schema, but they do not make an
     *                        operation a search, since the user never gives them
     */
    public ImportResult importDocument(JsonNode document, String connection, Set<String> boundParameters) {
        return importDocument(document, connection, boundParameters, ExpansionLimits.DEFAULTS);
    }

    /** @param limits how far the document's {@code $ref}s may expand ({@link ExpansionLimits}) */
    public ImportResult importDocument(JsonNode document, String connection, Set<String> boundParameters,
                                       ExpansionLimits limits) {
        JsonNode version = document.path("openapi");
        if (!version.isTextual() || !(version.asText().startsWith("3.0") || version.asText().startsWith("3.1"))) {
            throw new OpenApiFormatException("#/openapi", version.isMissingNode()
                    ? "missing: not an OpenAPI 3.0 or 3.1 document" : "version " + version.asText() + " is not 3.0 or 3.1");
        }
        JsonNode paths = document.path("paths");
        if (!paths.isObject()) {
            throw new OpenApiFormatException("#/paths", "must be an object of paths");
        }
        SchemaInliner inliner = new SchemaInliner(document, limits);
        List<ImportedCapability> capabilities = new ArrayList<>();
        List<RefusedOperation> refused = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> entries = paths.fields(); entries.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = entries.next();
            String path = entry.getKey();
            String pathLocation = "#/paths/" + path.replace("~", "~0").replace("/", "~1");
            try {
                PathTemplate.parse(path);
            } catch (PathTemplate.InvalidPathTemplateException e) {
                refused.add(new RefusedOperation(UntrustedText.line(pathLocation, 300),
                        "not a path template (" + e.getMessage() + ")"));
                continue;
            }
            JsonNode item = entry.getValue().has("$ref") ? inliner.resolve(entry.getValue().get("$ref").asText(),
                    pathLocation) : entry.getValue();
            for (String method : METHODS) {
                if (item.has(method)) {
                    inliner.beginOperation();
                    try {
                        capabilities.add(operation(connection, path, method, item, inliner, pathLocation + "/" + method,
                                boundParameters));
                    } catch (SchemaInliner.OperationTooLargeException e) {
                        refused.add(new RefusedOperation(UntrustedText.line(pathLocation + "/" + method, 300),
                                e.getMessage()));
                    }
                }
            }
        }
        return new ImportResult("openapi", capabilities, new RelationshipInference().infer(capabilities), 0, refused);
    }

    private ImportedCapability operation(String connection, String path, String method, JsonNode pathItem,
                                         SchemaInliner inliner, String location, Set<String> boundParameters) {
        JsonNode operation = pathItem.get(method);
        if (!operation.isObject()) {
            throw new OpenApiFormatException(location, "must be an operation object");
        }
        String name = Naming.name(operation.path("operationId").asText(null), method, path);
        List<String> words = MutatingNames.words(name);
        Classification classification = Classification.of(method, operation, name, path, location);
        ObjectNode output = output(operation, inliner, location);
        OutputShape shape = OutputShape.of(output);
        boolean[] requiredQuery = new boolean[1];
        ObjectNode input = input(pathItem, operation, classification.sideEffect().readOnly(), inliner, location,
                requiredQuery, boundParameters);
        String description = UntrustedText.line(describe(operation.path("summary").asText(""),
                operation.path("description").asText("")), UntrustedText.MAX_DESCRIPTION);
        return new ImportedCapability("api:" + connection + "/" + name, name, description, "api:" + connection,
                Naming.entity(path), Naming.operation(method, classification.sideEffect().readOnly(), shape,
                requiredQuery[0], path, words), classification.sideEffect(), classification.risk(),
                classification.requiresConfirmation(), method.toUpperCase(java.util.Locale.ROOT), path, input, output,
                shape.collectionPath(), shape.identifierFields(), classification.excludedReason());
    }

    /** Path and query parameters (path-level ones first, an operation's own win), and a read POST's JSON body. */
    private ObjectNode input(JsonNode pathItem, JsonNode operation, boolean read, SchemaInliner inliner, String location,
                             boolean[] requiredQuery, Set<String> boundParameters) {
        ObjectNode schema = JsonNodeFactory.instance.objectNode().put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        ArrayNode required = JsonNodeFactory.instance.arrayNode();
        List<JsonNode> parameters = new ArrayList<>();
        pathItem.path("parameters").forEach(parameters::add);
        operation.path("parameters").forEach(parameters::add);
        for (JsonNode declared : parameters) {
            JsonNode parameter = declared.has("$ref") ? inliner.resolve(declared.get("$ref").asText(), location) : declared;
            String in = parameter.path("in").asText();
            String name = parameter.path("name").asText(null);
            if (name == null || !(in.equals("path") || in.equals("query"))) {
                continue;
            }
            ObjectNode property = inliner.inline(parameter.path("schema"), location);
            if (parameter.hasNonNull("description")) {
                property.put("description", UntrustedText.line(parameter.get("description").asText(), 200));
            }
            properties.set(name, property);
            boolean isRequired = in.equals("path") || parameter.path("required").asBoolean(false);
            if (isRequired && !contains(required, name)) {
                required.add(name);
                requiredQuery[0] |= in.equals("query") && !boundParameters.contains(name);
            }
        }
        JsonNode body = operation.path("requestBody");
        if (read && body.isObject()) {
            JsonNode resolvedBody = body.has("$ref") ? inliner.resolve(body.get("$ref").asText(), location) : body;
            ObjectNode bodySchema = OutputShape.merged(inliner.inline(json(resolvedBody.path("content")), location));
            if (bodySchema.path("properties") instanceof ObjectNode bodyProperties) {
                properties.setAll(bodyProperties);
            }
            bodySchema.path("required").forEach(name -> {
                if (!contains(required, name.asText())) {
                    required.add(name.asText());
                }
            });
        }
        if (!required.isEmpty()) {
            schema.set("required", required);
        }
        schema.put("additionalProperties", false);
        return schema;
    }

    /** The JSON schema of the first successful response, if the document declares one. */
    private ObjectNode output(JsonNode operation, SchemaInliner inliner, String location) {
        for (Iterator<Map.Entry<String, JsonNode>> responses = operation.path("responses").fields(); responses.hasNext(); ) {
            Map.Entry<String, JsonNode> response = responses.next();
            if (response.getKey().startsWith("2")) {
                JsonNode resolved = response.getValue().has("$ref")
                        ? inliner.resolve(response.getValue().get("$ref").asText(), location) : response.getValue();
                JsonNode schema = json(resolved.path("content"));
                return schema.isMissingNode() ? null : inliner.inline(schema, location + "/responses/" + response.getKey());
            }
        }
        return null;
    }

    /**
     * The schema of a content map's JSON media type ({@code application/json} or any {@code +json}),
     * else of {@code *}{@code /*} (what a Swagger 2.0 operation without {@code produces} converts to).
     */
    private static JsonNode json(JsonNode content) {
        for (Iterator<Map.Entry<String, JsonNode>> types = content.fields(); types.hasNext(); ) {
            Map.Entry<String, JsonNode> type = types.next();
            if (type.getKey().startsWith("application/json") || type.getKey().contains("+json")) {
                return type.getValue().path("schema");
            }
        }
        return content.path("*/*").path("schema");
    }

    private static boolean contains(ArrayNode array, String value) {
        for (JsonNode element : array) {
            if (element.asText().equals(value)) {
                return true;
            }
        }
        return false;
    }
}
