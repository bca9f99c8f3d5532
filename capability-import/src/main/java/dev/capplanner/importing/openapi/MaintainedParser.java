package dev.capplanner.importing.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import dev.capplanner.importing.inference.UntrustedText;
import io.swagger.v3.core.util.Json;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.converter.SwaggerConverter;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;

/**
 * The documents the importer does not read by itself go through swagger-parser first: a Swagger
 * 2.0 document is converted to OpenAPI 3, and an OpenAPI document whose {@code $ref}s reach other
 * files or URLs is resolved into one. Remote references are fetched only from public addresses
 * (the parser's safe URL resolver), and never with the source's credential; an uploaded document
 * has no location, so its external references cannot be resolved and it is refused saying so.
 * Everything else (a single-file OpenAPI 3 document) is read as it is, unchanged.
 */
final class MaintainedParser {

    private MaintainedParser() {
    }

    /** Whether the document needs the parser: Swagger 2.0, or a {@code $ref} that does not start with {@code #}. */
    static boolean needed(JsonNode document) {
        return document.has("swagger") || hasExternalReference(document);
    }

    /**
     * @param text     the document as read
     * @param location its file path or URL, or null for an uploaded document
     * @return the document as OpenAPI 3, references to other files resolved
     */
    static JsonNode read(JsonNode document, String text, String location) {
        boolean swagger2 = document.has("swagger");
        if (swagger2 && !"2.0".equals(document.path("swagger").asText())) {
            throw new OpenApiFormatException("#/swagger", "only Swagger 2.0 is read (or OpenAPI 3.0 and 3.1)");
        }
        if (!swagger2 && location == null) {
            throw new OpenApiFormatException("#", "an uploaded document cannot refer to other files or URLs"
                    + " (a $ref not starting with #): register it by URL, or bundle it into one document");
        }
        // A document by URL is parsed from the text already read: fetching it again would go without
        // the source's credential. Only a file is read again, for its relative references.
        boolean file = location != null && !location.startsWith("http://") && !location.startsWith("https://");
        String path = file ? java.nio.file.Path.of(location).toAbsolutePath().toString() : location;
        if (swagger2 && !document.path("paths").isObject()) {
            throw new OpenApiFormatException("#/paths", "not a valid Swagger 2.0 document: no paths");
        }
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        options.setResolveFully(false);
        // Remote references only from public addresses; a file's references are files beside it.
        options.setSafelyResolveURL(!file);
        SwaggerParseResult result;
        if (swagger2) {
            result = file ? new SwaggerConverter().readLocation(path, null, options)
                    : new SwaggerConverter().readContents(text, null, options);
        } else {
            result = file ? new OpenAPIV3Parser().readLocation(path, null, options)
                    : new OpenAPIV3Parser().readContents(text, null, options, location);
        }
        OpenAPI openApi = result == null ? null : result.getOpenAPI();
        if (openApi == null || openApi.getPaths() == null) {
            throw new OpenApiFormatException("#", "not a valid " + (swagger2 ? "Swagger 2.0" : "OpenAPI")
                    + " document" + firstMessage(result));
        }
        return Json.mapper().valueToTree(openApi);
    }

    private static String firstMessage(SwaggerParseResult result) {
        List<String> messages = result == null || result.getMessages() == null ? List.of() : result.getMessages();
        return messages.isEmpty() ? "" : " (" + UntrustedText.line(messages.get(0), 200) + ")";
    }

    private static boolean hasExternalReference(JsonNode document) {
        Deque<JsonNode> pending = new ArrayDeque<>();
        pending.push(document);
        while (!pending.isEmpty()) {
            JsonNode node = pending.pop();
            if (node.isObject()) {
                JsonNode ref = node.get("$ref");
                if (ref != null && ref.isTextual() && !ref.asText().startsWith("#")) {
                    return true;
                }
                for (Iterator<JsonNode> children = node.elements(); children.hasNext(); ) {
                    pending.push(children.next());
                }
            } else if (node.isArray()) {
                node.forEach(pending::push);
            }
        }
        return false;
    }
}
