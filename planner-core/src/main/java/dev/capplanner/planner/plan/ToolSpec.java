package dev.capplanner.planner.plan;

import dev.capplanner.contracts.inputschema.InputSchema;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A routed tool as the planner sees it: name, entity, operation, whether the snapshot holds it as
 * read-only, its full input JSON Schema, the identifier paths its output declares, the declared
 * relationships feeding its inputs, whether the router ranked it for the question (rather than
 * adding it only because it finds an identifier another candidate needs), its description (remote
 * text: matched as words, never followed) and the names of the fields its output records carry
 * (an order's {@code lines}, a shipment's {@code carrier}: what a question may ask for without naming
 * the entity), identifiers aside; {@code inShadow}: its connection is in shadow (planned and compared,
 * never called), so no planner substitutes it for a live tool on its own initiative; {@code path}: the
 * endpoint's path template when it has one ({@code /repos/{owner}/{repo}}: how its parameters are
 * written together), remote text like the description.
 */
public record ToolSpec(String name, String entity, String operation, boolean readOnly, Map<String, Object> inputSchema,
                       List<String> outputPaths, List<Relationship> inputsFrom, boolean ranked, String description,
                       List<String> outputFields, boolean inShadow, String path) {

    /** A tool whose endpoint path is not known to the planner. */
    public ToolSpec(String name, String entity, String operation, boolean readOnly, Map<String, Object> inputSchema,
                    List<String> outputPaths, List<Relationship> inputsFrom, boolean ranked, String description,
                    List<String> outputFields, boolean inShadow) {
        this(name, entity, operation, readOnly, inputSchema, outputPaths, inputsFrom, ranked, description, outputFields,
                inShadow, null);
    }

    /** A live tool. */
    public ToolSpec(String name, String entity, String operation, boolean readOnly, Map<String, Object> inputSchema,
                    List<String> outputPaths, List<Relationship> inputsFrom, boolean ranked, String description,
                    List<String> outputFields) {
        this(name, entity, operation, readOnly, inputSchema, outputPaths, inputsFrom, ranked, description, outputFields,
                false);
    }

    public ToolSpec {
        inputSchema = Map.copyOf(inputSchema);
        outputPaths = outputPaths == null ? List.of() : List.copyOf(outputPaths);
        inputsFrom = inputsFrom == null ? List.of() : List.copyOf(inputsFrom);
        description = description == null ? "" : description;
        outputFields = outputFields == null ? List.of() : List.copyOf(outputFields);
    }

    /** A ranked tool that declares no outputs or relationships. */
    public ToolSpec(String name, String entity, boolean readOnly, Map<String, Object> inputSchema) {
        this(name, entity, null, readOnly, inputSchema, List.of(), List.of(), true, null, null);
    }

    /** The operation of a capability plan: it decides one question with reason codes (docs/plans.md). */
    public static final String DECIDES = "decide";

    /**
     * Whether the tool is a capability plan: an answer to the one question it was written for, never a
     * step that finds another tool's input, and unknown to the legacy path.
     */
    public boolean decides() {
        return DECIDES.equals(operation);
    }

    public List<String> requiredInputs() {
        return input().required();
    }

    /** The input schema read as its parameters. */
    public InputSchema input() {
        return InputSchema.of(inputSchema);
    }

    /** Inputs the executor binds from the run (tenant, principal, conversation): never a planner's to set. */
    public Set<String> hiddenInputs() {
        return input().boundParameters();
    }
}
