package dev.capplanner.importing.kb;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.capplanner.importing.model.ImportResult;
import dev.capplanner.importing.model.ImportedCapability;
import dev.capplanner.importing.model.SideEffect;
import dev.capplanner.importing.inference.UntrustedText;
import java.net.URI;
import java.util.List;
import java.util.Map;

/**
 * A knowledge base's search endpoint as one capability, {@code <connection>.search}: a read (GET)
 * taking a free-text {@code query} (2 to 500 characters) and an optional {@code limit} (1 to 20),
 * answering {@code {"items": [{"id", "title", "snippet"}], "count"}}. Nothing is fetched to describe
 * it: the endpoint is the contract, and the executor calls it like any other API read. What the base
 * covers is the operator's description (an endpoint cannot say), which routing reads.
 */
public final class KnowledgeBaseImporter {

    private static final ObjectMapper JSON = new ObjectMapper();

    public ImportResult describe(String connection, String searchUrl, String covers) {
        URI uri = URI.create(searchUrl);
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        ObjectNode input = JSON.valueToTree(Map.of("type", "object", "additionalProperties", false,
                "required", List.of("query"),
                "properties", Map.of(
                        "query", Map.of("type", "string", "minLength", 2, "maxLength", 500,
                                "description", "The question or keywords to search for, in the user's words"),
                        "limit", Map.of("type", "integer", "minimum", 1, "maximum", 20,
                                "description", "How many passages at most"))));
        ObjectNode output = JSON.valueToTree(Map.of("type", "object", "required", List.of("items"),
                "properties", Map.of(
                        "items", Map.of("type", "array", "items", Map.of("type", "object", "required", List.of("id"),
                                "properties", Map.of("id", Map.of("type", "string"), "title", Map.of("type", "string"),
                                        "snippet", Map.of("type", "string")))),
                        "count", Map.of("type", "integer"))));
        ImportedCapability search = new ImportedCapability("kb:" + connection + "/search", "search",
                "Search the " + connection + " knowledge base: articles and passages that answer a free-text"
                        + " question (policies, procedures, how-tos)."
                        + (covers == null || covers.isBlank() ? "" : " " + UntrustedText.line(covers, 500)),
                "kb:" + connection, "article", "search", SideEffect.READ, "low", false, "GET", path, input, output,
                "items", List.of("id"), null);
        return new ImportResult("kb", List.of(search), List.of());
    }
}
