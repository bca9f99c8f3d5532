package dev.capplanner.importing.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.Map;

/**
 * Makes a schema self-contained by inlining its local {@code $ref}s. A reference back into a
 * schema being inlined (recursion), or deeper than {@link #MAX_DEPTH} levels, stops with a
 * placeholder that says so; the nodes it creates and the references it expands are counted against
 * {@link ExpansionLimits}, so a hostile or cyclic document cannot blow up the import.
 */
final class SchemaInliner {

    static final int MAX_DEPTH = 16;

    private final JsonNode document;
    private final ExpansionLimits limits;
    private long references;
    private long documentNodes;
    private long operationNodes;

    SchemaInliner(JsonNode document, ExpansionLimits limits) {
        this.document = document;
        this.limits = limits;
    }

    /** Starts counting the nodes of the next operation. */
    void beginOperation() {
        operationNodes = 0;
    }

    long documentNodes() {
        return documentNodes;
    }

    ObjectNode inline(JsonNode schema, String location) {
        JsonNode inlined = inline(schema, location, new ArrayDeque<>(), 0);
        return inlined instanceof ObjectNode object ? object : JsonNodeFactory.instance.objectNode();
    }

    /** The node a local reference points to. */
    JsonNode resolve(String ref, String location) {
        if (!ref.startsWith("#/")) {
            throw new OpenApiFormatException(location, "only local $ref (#/...) is supported, not " + ref);
        }
        JsonNode target = document.at(ref.substring(1));
        if (target.isMissingNode()) {
            throw new OpenApiFormatException(location, "unresolvable $ref " + ref);
        }
        return target;
    }

    private void count(String location, long nodes) {
        operationNodes += nodes;
        documentNodes += nodes;
        if (documentNodes > limits.maxNodesPerDocument()) {
            throw new OpenApiFormatException(location, "the document's schemas expand to more than "
                    + limits.maxNodesPerDocument() + " nodes once their $refs are inlined: refused");
        }
        if (operationNodes > limits.maxNodesPerOperation()) {
            throw new OperationTooLargeException("its schemas expand to more than " + limits.maxNodesPerOperation()
                    + " nodes once their $refs are inlined");
        }
    }

    private JsonNode inline(JsonNode node, String location, Deque<String> inlining, int depth) {
        count(location, 1);
        if (node instanceof ObjectNode object) {
            JsonNode ref = object.get("$ref");
            if (ref != null && ref.isTextual()) {
                String target = ref.asText();
                if (inlining.contains(target) || depth >= MAX_DEPTH) {
                    return JsonNodeFactory.instance.objectNode().put("description", "(recursive reference to "
                            + target.substring(target.lastIndexOf('/') + 1) + ")");
                }
                if (++references > limits.maxReferences()) {
                    throw new OpenApiFormatException(location, "the document's schemas expand more than "
                            + limits.maxReferences() + " $refs: refused");
                }
                inlining.push(target);
                JsonNode resolved = inline(resolve(target, location), location, inlining, depth + 1);
                inlining.pop();
                return resolved;
            }
            ObjectNode copy = JsonNodeFactory.instance.objectNode();
            for (Iterator<Map.Entry<String, JsonNode>> fields = object.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                copy.set(field.getKey(), inline(field.getValue(), location, inlining, depth + 1));
            }
            return copy;
        }
        if (node instanceof ArrayNode array) {
            ArrayNode copy = JsonNodeFactory.instance.arrayNode();
            array.forEach(element -> copy.add(inline(element, location, inlining, depth + 1)));
            return copy;
        }
        return node == null ? JsonNodeFactory.instance.objectNode() : node.deepCopy();
    }

    /** One operation's schemas are too large: that operation is refused, the rest of the document imports. */
    static final class OperationTooLargeException extends RuntimeException {
        OperationTooLargeException(String reason) {
            super(reason, null, false, false);
        }
    }
}
