package dev.capplanner.contracts.schema;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * A JSON Schema (2020-12) compiled once into a tree of checks that answers one question, fast: does
 * a parsed value conform? It reads the keywords the v1 contracts use and refuses, when compiled,
 * any schema with another keyword, so it never silently skips a rule. It does not explain a
 * failure: {@link EventSchemas} asks vertx-json-schema for the reasons of the records it rejects.
 *
 * <p>Why it exists: vertx-json-schema builds location strings and wraps the schema's maps at every
 * node it visits, valid or not, and its one validation method is too large to compile cheaply; on
 * the stack's records it cost 10 to 20 times parsing them (docs/benchmarks.md, "Throughput").
 * EventSchemasAgreementTest holds both validators to the same verdict on every recorded event and
 * on thousands of mutations of them.
 */
public final class CompiledSchema {

    private final SchemaNode root;

    private CompiledSchema(SchemaNode root) {
        this.root = root;
    }

    /**
     * Compiles the schema at {@code uri} (an absolute URI, optionally with a JSON Pointer fragment)
     * from {@code documents}, each keyed by its absolute URI without fragment; {@code $ref}s are
     * resolved against them.
     *
     * @throws UnsupportedSchemaException when a schema uses a keyword this compiler does not check,
     *                                    or refers to a document or pointer that is not there
     */
    public static CompiledSchema compile(String uri, Map<String, JsonNode> documents) {
        return new CompiledSchema(new Compiler(documents).at(URI.create(uri)));
    }

    /** Whether {@code value} conforms to the schema; a value the checks cannot handle does not. */
    public boolean conforms(JsonNode value) {
        try {
            return root.accepts(value, null);
        } catch (RuntimeException | StackOverflowError e) {
            return false;
        }
    }

    /** A schema the compiler cannot check completely: use a full validator for it instead. */
    public static final class UnsupportedSchemaException extends RuntimeException {

        UnsupportedSchemaException(String message) {
            super(message);
        }
    }

    /** Turns schema documents into {@link SchemaNode}s; a {@code $ref}'s target is compiled once, when first reached. */
    static final class Compiler {

        /** Keywords that only describe: they never change a verdict. */
        private static final Set<String> ANNOTATIONS = Set.of("$schema", "$comment", "$defs", "title",
                "description", "examples", "default", "deprecated", "readOnly", "writeOnly", "contentMediaType",
                "contentEncoding");

        private final Map<String, JsonNode> documents;
        private final Map<String, SchemaNode> referenced = new HashMap<>();

        Compiler(Map<String, JsonNode> documents) {
            this.documents = documents;
        }

        /** The schema at an absolute URI with an optional JSON Pointer fragment. */
        SchemaNode at(URI location) {
            String text = location.toString();
            int hash = text.indexOf('#');
            String document = hash < 0 ? text : text.substring(0, hash);
            String pointer = hash < 0 ? "" : location.getFragment();
            String key = document + "#" + pointer;
            SchemaNode known = referenced.get(key);
            if (known != null) {
                return known;
            }
            JsonNode root = documents.get(document);
            if (root == null) {
                throw new UnsupportedSchemaException("unknown schema document " + document);
            }
            JsonNode schema = pointer.isEmpty() ? root : root.at(pointer);
            if (schema.isMissingNode()) {
                throw new UnsupportedSchemaException("no schema at " + key);
            }
            SchemaNode node = new SchemaNode();
            // Registered before it is filled: a recursive reference finds it.
            referenced.put(key, node);
            fill(node, schema, document, pointer.isEmpty());
            return node;
        }

        SchemaNode inline(JsonNode schema, String document) {
            SchemaNode node = new SchemaNode();
            fill(node, schema, document, false);
            return node;
        }

        private void fill(SchemaNode node, JsonNode schema, String document, boolean documentRoot) {
            if (schema.isBoolean()) {
                node.always = schema.booleanValue();
                return;
            }
            if (!schema.isObject()) {
                throw new UnsupportedSchemaException("not a schema in " + document);
            }
            for (Iterator<Map.Entry<String, JsonNode>> fields = schema.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                String keyword = field.getKey();
                if (keyword.equals("$id")) {
                    // Only a document's own identifier: a nested one would change how references resolve.
                    if (!documentRoot || !field.getValue().asText().equals(document)) {
                        throw new UnsupportedSchemaException("$id inside " + document);
                    }
                } else if (!ANNOTATIONS.contains(keyword)) {
                    SchemaKeywords.read(node, keyword, field.getValue(), this, document);
                }
            }
        }

        SchemaNode reference(String ref, String document) {
            // A fragment-only reference stays in its document (URI.resolve would drop the last path segment).
            return at(ref.startsWith("#") ? URI.create(document + ref) : URI.create(document).resolve(ref));
        }
    }
}
