package dev.capplanner.contracts.events;

import dev.capplanner.contracts.capabilityplans.CapabilityPlan;
import java.util.List;
import java.util.Map;

/**
 * One authorized, read-only capability as the per-run snapshot holds it. {@code outputPaths} are the
 * identifier paths its output declares (what a later call may take with {@code $from});
 * {@code inputsFrom} the declared relationships feeding its inputs; {@code outputSchema} the JSON
 * Schema its source declares for its output (an MCP tool's {@code outputSchema}), null when none;
 * {@code outputFields} the names of the fields its output records carry ({@link OutputFields}), null
 * when its output is not declared; {@code plan} the registered capability plan a capability of kind
 * {@code plan} runs (its version included), null for every other kind; {@code rollout}
 * {@value #SHADOW} when its connection's runtime mode is shadow (a plan: when it calls such a
 * capability): planners may plan it and reports compare it, but no plan that calls it executes and the
 * executor never calls it; null when live.
 */
public record Capability(
        String name,
        String kind,
        String family,
        String entity,
        String operation,
        String description,
        List<String> aliases,
        boolean readOnly,
        Endpoint endpoint,
        Map<String, Object> inputSchema,
        String outputCollectionPath,
        List<String> outputPaths,
        List<InputSource> inputsFrom,
        Map<String, Object> outputSchema,
        List<String> outputFields,
        CapabilityPlan plan,
        String rollout) {

    /** The rollout of a capability whose connection is in shadow. */
    public static final String SHADOW = "shadow";

    public static final String PLAN_KIND = "plan";
    /** The operation of every capability plan: it decides the one question it was written for. */
    public static final String PLAN_OPERATION = "decide";

    /**
     * Whether the capability is a capability plan (the executor runs it step by step). Static: an
     * instance accessor would be read as one more JSON property.
     */
    public static boolean isPlan(Capability capability) {
        return PLAN_KIND.equals(capability.kind());
    }

    /** Whether it may be planned and compared only, never called. Static, as {@link #isPlan}. */
    public static boolean inShadow(Capability capability) {
        return SHADOW.equals(capability.rollout());
    }

    public Capability {
        if (rollout != null && !SHADOW.equals(rollout)) {
            throw new IllegalArgumentException("rollout is shadow or absent, not " + rollout);
        }
        aliases = aliases == null ? List.of() : List.copyOf(aliases);
        inputSchema = Map.copyOf(inputSchema);
        outputPaths = outputPaths == null ? List.of() : List.copyOf(outputPaths);
        inputsFrom = inputsFrom == null ? List.of() : List.copyOf(inputsFrom);
        outputFields = outputFields == null || outputFields.isEmpty() ? null : List.copyOf(outputFields);
    }

    /** A live capability (or plan). */
    public Capability(String name, String kind, String family, String entity, String operation, String description,
                      List<String> aliases, boolean readOnly, Endpoint endpoint, Map<String, Object> inputSchema,
                      String outputCollectionPath, List<String> outputPaths, List<InputSource> inputsFrom,
                      Map<String, Object> outputSchema, List<String> outputFields, CapabilityPlan plan) {
        this(name, kind, family, entity, operation, description, aliases, readOnly, endpoint, inputSchema,
                outputCollectionPath, outputPaths, inputsFrom, outputSchema, outputFields, plan, null);
    }

    /** The same capability in shadow. */
    public Capability asShadow() {
        return new Capability(name, kind, family, entity, operation, description, aliases, readOnly, endpoint,
                inputSchema, outputCollectionPath, outputPaths, inputsFrom, outputSchema, outputFields, plan, SHADOW);
    }

    /** A capability that is not a plan. */
    public Capability(String name, String kind, String family, String entity, String operation, String description,
                      List<String> aliases, boolean readOnly, Endpoint endpoint, Map<String, Object> inputSchema,
                      String outputCollectionPath, List<String> outputPaths, List<InputSource> inputsFrom,
                      Map<String, Object> outputSchema, List<String> outputFields) {
        this(name, kind, family, entity, operation, description, aliases, readOnly, endpoint, inputSchema,
                outputCollectionPath, outputPaths, inputsFrom, outputSchema, outputFields, null);
    }

    /** A capability whose output fields are read from {@code outputSchema}, if declared. */
    public Capability(String name, String kind, String family, String entity, String operation, String description,
                      List<String> aliases, boolean readOnly, Endpoint endpoint, Map<String, Object> inputSchema,
                      String outputCollectionPath, List<String> outputPaths, List<InputSource> inputsFrom,
                      Map<String, Object> outputSchema) {
        this(name, kind, family, entity, operation, description, aliases, readOnly, endpoint, inputSchema,
                outputCollectionPath, outputPaths, inputsFrom, outputSchema, OutputFields.of(outputSchema));
    }

    /** A capability whose output schema is not declared. */
    public Capability(String name, String kind, String family, String entity, String operation, String description,
                      List<String> aliases, boolean readOnly, Endpoint endpoint, Map<String, Object> inputSchema,
                      String outputCollectionPath, List<String> outputPaths, List<InputSource> inputsFrom) {
        this(name, kind, family, entity, operation, description, aliases, readOnly, endpoint, inputSchema,
                outputCollectionPath, outputPaths, inputsFrom, null);
    }

    /** A capability whose output declares nothing to chain from. */
    public Capability(String name, String kind, String family, String entity, String operation, String description,
                      List<String> aliases, boolean readOnly, Endpoint endpoint, Map<String, Object> inputSchema,
                      String outputCollectionPath) {
        this(name, kind, family, entity, operation, description, aliases, readOnly, endpoint, inputSchema,
                outputCollectionPath, List.of(), List.of());
    }
}
