package dev.capplanner.contracts.schema;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

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
        SchemaNode root;
        try {
            root = new Compiler(documents).at(URI.create(uri));
        } catch (UnsupportedSchemaException e) {
            throw e;
        } catch (RuntimeException | StackOverflowError e) {
            // A malformed URI, pointer or number, or a schema nested too deep to read: not one this compiler checks.
            throw new UnsupportedSchemaException("cannot be compiled (" + e.getClass().getSimpleName() + ")");
        }
        refuseCyclesInPlace(root);
        return new CompiledSchema(root);
    }

    /** Whether {@code value} conforms; a value the checks cannot handle, or not within budget, does not. */
    public boolean conforms(JsonNode value) {
        return check(value) == Verdict.CONFORMS;
    }

    /** The verdict on {@code value}, within {@link Evaluation#DEFAULT_STEPS}; never throws. */
    public Verdict check(JsonNode value) {
        return check(value, Evaluation.DEFAULT_STEPS);
    }

    Verdict check(JsonNode value, long steps) {
        try {
            return root.accepts(value, null, new Evaluation(steps)) ? Verdict.CONFORMS : Verdict.VIOLATES;
        } catch (Evaluation.Exhausted | StackOverflowError e) {
            return Verdict.UNCHECKABLE;
        } catch (RuntimeException e) {
            return Verdict.VIOLATES;
        }
    }

    /**
     * Where a value that does not conform fails a pattern, as a JSON Pointer and the pattern (the
     * last pattern failure the check met, in a branch that decided or not); empty when no pattern
     * failed or the check ran out of budget. For saying why without asking a validator that
     * matches patterns without a bound.
     */
    public Optional<PatternMiss> patternMiss(JsonNode value) {
        Evaluation evaluation = new Evaluation(Evaluation.DEFAULT_STEPS);
        try {
            root.accepts(value, null, evaluation);
        } catch (StackOverflowError | RuntimeException e) {
            return Optional.empty();
        }
        JsonNode missed = evaluation.missedText();
        SchemaNode by = evaluation.missedBy();
        return missed == null ? Optional.empty() : JsonValues.pointerTo(value, missed)
                .map(pointer -> new PatternMiss(pointer, by.patternSource, by.location + "/pattern"));
    }

    /**
     * A string at {@code pointer} (JSON Pointer into the value) that does not match {@code pattern},
     * the keyword at {@code keywordLocation} (JSON Pointer into the schema's document).
     */
    public record PatternMiss(String pointer, String pattern, String keywordLocation) {
    }

    /** What a check found. */
    public enum Verdict {
        CONFORMS,
        VIOLATES,
        /**
         * The check would cost more than its budget (or nests deeper than the stack): refused. A full
         * validator must not be asked why, it would spend the same unbounded time.
         */
        UNCHECKABLE
    }

    /**
     * Refuses a schema whose subschemas apply to the same value in a cycle ({@code {"$ref": "#"}}, two
     * definitions that refer to each other through allOf): checking any value against it never ends.
     * Recursion through properties or items is fine, each step goes one level down the value.
     */
    private static void refuseCyclesInPlace(SchemaNode root) {
        Map<SchemaNode, Boolean> finished = new IdentityHashMap<>();
        Deque<SchemaNode> pending = new ArrayDeque<>(List.of(root));
        Set<SchemaNode> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        seen.add(root);
        while (!pending.isEmpty()) {
            SchemaNode node = pending.pop();
            refuseCycleFrom(node, finished);
            Consumer<SchemaNode> enqueue = next -> {
                if (seen.add(next)) {
                    pending.push(next);
                }
            };
            node.inPlace(enqueue);
            node.below(enqueue);
        }
    }

    /** Depth-first over in-place edges, iteratively (a hostile schema may be deep); false marks "on the path". */
    private static void refuseCycleFrom(SchemaNode start, Map<SchemaNode, Boolean> finished) {
        if (finished.containsKey(start)) {
            return;
        }
        Deque<Iterator<SchemaNode>> path = new ArrayDeque<>();
        Deque<SchemaNode> nodes = new ArrayDeque<>();
        finished.put(start, false);
        nodes.push(start);
        path.push(inPlaceOf(start));
        while (!path.isEmpty()) {
            Iterator<SchemaNode> next = path.peek();
            if (!next.hasNext()) {
                path.pop();
                finished.put(nodes.pop(), true);
                continue;
            }
            SchemaNode child = next.next();
            Boolean state = finished.get(child);
            if (Boolean.FALSE.equals(state)) {
                throw new UnsupportedSchemaException("subschemas that apply to the same value in a cycle");
            }
            if (state == null) {
                finished.put(child, false);
                nodes.push(child);
                path.push(inPlaceOf(child));
            }
        }
    }

    private static Iterator<SchemaNode> inPlaceOf(SchemaNode node) {
        List<SchemaNode> children = new ArrayList<>();
        node.inPlace(children::add);
        return children.iterator();
    }

    /** A schema the compiler cannot check completely: use a full validator for it instead. */
    public static final class UnsupportedSchemaException extends RuntimeException {

        UnsupportedSchemaException(String message) {
            super(message);
        }
    }

    /** Turns schema documents into {@link SchemaNode}s; a {@code $ref}'s target is compiled once, when reached. */
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
            SchemaNode node = new SchemaNode(pointer);
            // Registered before it is filled: a recursive reference finds it.
            referenced.put(key, node);
            fill(node, schema, document, pointer.isEmpty());
            return node;
        }

        /** A subschema written in place, at {@code location} (a JSON Pointer) in its document. */
        SchemaNode inline(JsonNode schema, String document, String location) {
            SchemaNode node = new SchemaNode(location);
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
