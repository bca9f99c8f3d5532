package dev.capplanner.planner.plan;

import java.util.List;
import java.util.Map;

/**
 * A routed tool as the planner sees it: name, entity, operation, whether the snapshot holds it as
 * read-only, its full input JSON Schema, the identifier paths its output declares, the declared
 * relationships feeding its inputs, whether the router ranked it for the question (rather than
 * adding it only because it finds an identifier another candidate needs), its description (remote
 * text: matched as words, never followed) and its output JSON Schema (null when undeclared).
 */
public record ToolSpec(String name, String entity, String operation, boolean readOnly, Map<String, Object> inputSchema,
                       List<String> outputPaths, List<Relationship> inputsFrom, boolean ranked, String description,
                       Map<String, Object> outputSchema) {

    public ToolSpec {
        inputSchema = Map.copyOf(inputSchema);
        outputPaths = outputPaths == null ? List.of() : List.copyOf(outputPaths);
        inputsFrom = inputsFrom == null ? List.of() : List.copyOf(inputsFrom);
        description = description == null ? "" : description;
    }

    /** A ranked tool that declares no outputs or relationships. */
    public ToolSpec(String name, String entity, boolean readOnly, Map<String, Object> inputSchema) {
        this(name, entity, null, readOnly, inputSchema, List.of(), List.of(), true, null, null);
    }

    /**
     * The names of the fields its output records carry (an order's {@code lines}, a shipment's
     * {@code carrier}, and the fields of those nested records), identifiers and page wrappers aside:
     * what a question may ask for without naming the entity ("which carrier ...").
     */
    public java.util.Set<String> outputFields() {
        java.util.Set<String> fields = new java.util.LinkedHashSet<>();
        collectFields(outputSchema, fields, 0);
        return fields;
    }

    @SuppressWarnings("unchecked")
    private static void collectFields(Object schema, java.util.Set<String> fields, int depth) {
        if (!(schema instanceof Map<?, ?> node) || depth > 3) {
            return;
        }
        if (node.get("allOf") instanceof List<?> parts) {
            parts.forEach(part -> collectFields(part, fields, depth + 1));
        }
        collectFields(node.get("items"), fields, depth + 1);
        if (node.get("properties") instanceof Map<?, ?> properties) {
            ((Map<String, Object>) properties).forEach((name, property) -> {
                boolean nested = property instanceof Map<?, ?> p && "array".equals(p.get("type"));
                boolean wrapper = nested && (name.equals("items") || name.equals("results") || name.equals("data"));
                if (!wrapper && !name.equals("count") && !isIdentifier(name)) {
                    fields.add(name);
                }
                collectFields(property, fields, depth + 1);
            });
        }
    }

    private static boolean isIdentifier(String name) {
        return name.equals("id") || name.endsWith("Id") || name.endsWith("_id") || name.endsWith("ID");
    }

    @SuppressWarnings("unchecked")
    public List<String> requiredInputs() {
        Object required = inputSchema.get("required");
        return required instanceof List<?> names ? names.stream().map(String::valueOf).toList() : List.of();
    }

    /** Inputs the executor binds from the run (tenant, principal, conversation): never a planner's to set. */
    public java.util.Set<String> hiddenInputs() {
        java.util.Set<String> hidden = new java.util.HashSet<>();
        if (inputSchema.get("properties") instanceof Map<?, ?> properties) {
            properties.forEach((name, schema) -> {
                if (schema instanceof Map<?, ?> property && property.containsKey("x-capplanner-bind")) {
                    hidden.add(String.valueOf(name));
                }
            });
        }
        return hidden;
    }
}
