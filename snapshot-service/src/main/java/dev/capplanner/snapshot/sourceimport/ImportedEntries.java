package dev.capplanner.snapshot.sourceimport;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.contracts.events.CapabilityNames;
import dev.capplanner.contracts.events.Endpoint;
import dev.capplanner.contracts.events.InputSource;
import dev.capplanner.contracts.inputschema.InputSchema;
import dev.capplanner.importing.inference.OutputShape;
import dev.capplanner.importing.mcp.McpImporter;
import dev.capplanner.importing.model.ImportResult;
import dev.capplanner.importing.model.ImportedCapability;
import dev.capplanner.importing.model.Relationship;
import dev.capplanner.snapshot.approval.Approvals;
import dev.capplanner.snapshot.catalog.CatalogEntry;
import dev.capplanner.snapshot.connection.ConnectionRegistration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * An import's capabilities as registry entries of one connection. Classification (side effect,
 * risk, confirmation, the review hold of a read whose name says it writes or an MCP tool without
 * annotations) is the import's; permissions and public marks are the operator's; nothing the
 * source says can grant access. Each capability is named {@code <kind>:<connection>/<source name>}
 * (permissions and public marks of a registration name the source's own names, as the operator
 * sees them in the source). The import's relationships become each consumer's declared
 * {@code inputsFrom} (never for a hidden argument: that one is bound from the run), and its output's
 * identifier paths the capability's {@code outputPaths}. It has no aliases until an operator sets them
 * ({@link dev.capplanner.snapshot.catalog.OperatorAliases#suggested} proposes some).
 */
public final class ImportedEntries {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The MCP specification's tool names: 1 to 128 of these characters. */
    private static final Pattern MCP_TOOL_NAME = Pattern.compile("[A-Za-z0-9_.-]{1,128}");
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() { };

    private ImportedEntries() {
    }

    public static List<CatalogEntry> of(ImportResult result, ConnectionRegistration registration) {
        Map<String, String> nameById = new HashMap<>();
        result.capabilities().forEach(c -> nameById.put(c.id(), qualifiedName(c, registration)));
        Map<String, List<InputSource>> inputsFrom = new HashMap<>();
        for (Relationship relationship : result.relationships()) {
            if (!registration.hiddenArguments().containsKey(relationship.input())
                    && nameById.containsKey(relationship.provider())) {
                inputsFrom.computeIfAbsent(relationship.consumer(), id -> new ArrayList<>())
                        .add(new InputSource(relationship.input(), nameById.get(relationship.provider()),
                                relationship.outputPath()));
            }
        }
        return result.capabilities().stream()
                .map(c -> entry(c, registration, inputsFrom.getOrDefault(c.id(), List.of()))).toList();
    }

    /**
     * Marks the registration's hidden parameters {@code x-capplanner-bind} (the executor fills them from
     * the run) and takes them out of {@code required}, so no planner or model is asked for them; a mark
     * the source put on a parameter itself is removed (rule "bindings only from operators").
     */
    public static Map<String, Object> withHiddenArguments(Map<String, Object> schema, ConnectionRegistration registration) {
        return InputSchema.markBound(schema, registration.hiddenArguments());
    }

    /**
     * The parameters the source itself marked as bound to run context ("capability.parameter"): a
     * source that marks a parameter would have the executor send it the user's, the conversation's or
     * the tenant's id. The marks are stripped by {@link #withHiddenArguments}; this names them for the operator.
     */
    public static List<String> sourceBindings(ImportResult result) {
        List<String> marked = new ArrayList<>();
        for (ImportedCapability capability : result.capabilities()) {
            if (capability.inputSchema() != null) {
                InputSchema.of(JSON.convertValue(capability.inputSchema(), MAP)).boundParameters()
                        .forEach(parameter -> marked.add(capability.name() + "." + parameter));
            }
        }
        return marked;
    }

    /**
     * Refuses a registration whose hidden argument names a parameter no capability of the source
     * declares: it would bind nothing, silently, and the operator would believe the tenant bound.
     */
    public static void checkHiddenArguments(ImportResult result, ConnectionRegistration registration) {
        List<String> undeclared = registration.hiddenArguments().keySet().stream().sorted()
                .filter(parameter -> result.capabilities().stream().noneMatch(c -> c.inputSchema() != null
                        && c.inputSchema().path("properties").has(parameter)))
                .toList();
        if (!undeclared.isEmpty()) {
            throw new UndeclaredHiddenArgumentException("hiddenArguments " + undeclared + " name no parameter any "
                    + "capability of the source declares: nothing would be bound");
        }
    }

    /** A hidden argument of the registration names no parameter of the source. */
    public static final class UndeclaredHiddenArgumentException extends IllegalArgumentException {
        public UndeclaredHiddenArgumentException(String message) {
            super(message);
        }
    }

    /**
     * What waits for an operator's review (and may be approved): a read the import distrusts, and an MCP
     * tool without annotations. An explicit write is denied as a write and can never be approved.
     */
    private static String reviewHold(ImportedCapability capability) {
        String hold = capability.reviewHold();
        return McpImporter.UNANNOTATED.equals(hold) ? Approvals.UNANNOTATED_MCP_TOOL : hold;
    }

    /**
     * An MCP tool is called by its name with {@code tools/call} on the registration's target; a name
     * outside the MCP naming rules gets no endpoint, so the policy denies it (fail-closed).
     */
    private static Endpoint mcpEndpoint(String tool, ConnectionRegistration registration) {
        return MCP_TOOL_NAME.matcher(tool).matches() ? Endpoint.mcpTool(registration.mcpTarget(), tool) : null;
    }

    /** The registry's name for an imported capability: qualified by kind and connection ({@link CapabilityNames}). */
    public static String qualifiedName(ImportedCapability capability, ConnectionRegistration registration) {
        return CapabilityNames.qualified(kindOf(capability, registration), registration.id(), capability.name());
    }

    /** A static catalog holds both: a line with an HTTP endpoint is an API route, one without an MCP tool. */
    private static String kindOf(ImportedCapability capability, ConnectionRegistration registration) {
        return switch (registration.kind()) {
            case "openapi" -> "api";
            case "kb" -> "kb";
            case "catalog" -> capability.method() != null ? "api" : "mcp";
            default -> "mcp";
        };
    }

    private static CatalogEntry entry(ImportedCapability capability, ConnectionRegistration registration,
                                      List<InputSource> inputsFrom) {
        String kind = kindOf(capability, registration);
        String entity = capability.entity() == null ? "item" : capability.entity();
        Endpoint endpoint = kind.equals("mcp") ? mcpEndpoint(capability.name(), registration)
                : capability.method() == null ? null
                : new Endpoint(registration.target(), capability.method().toUpperCase(Locale.ROOT), capability.path());
        List<String> required = registration.permissions().getOrDefault(capability.name(),
                registration.defaultPermissions());
        return new CatalogEntry(qualifiedName(capability, registration), registration.id(), kind,
                kind + ":" + registration.id() + "/" + entity,
                entity, capability.operation(), capability.description(), List.of(),
                capability.sideEffect().name().toLowerCase(Locale.ROOT), capability.risk(),
                capability.requiresConfirmation(), required,
                registration.publicCapabilities().contains(capability.name()) ? Boolean.TRUE : null, endpoint,
                capability.inputSchema() == null ? null
                        : withHiddenArguments(JSON.convertValue(capability.inputSchema(), MAP), registration),
                capability.collectionPath(), reviewHold(capability),
                capability.outputSchema() == null ? List.of() : OutputShape.of(capability.outputSchema()).identifierPaths(),
                inputsFrom, capability.outputSchema() == null ? null : JSON.convertValue(capability.outputSchema(), MAP));
    }
}
