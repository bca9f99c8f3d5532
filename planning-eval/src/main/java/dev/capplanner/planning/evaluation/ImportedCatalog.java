package dev.capplanner.planning.evaluation;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.CapabilityNames;
import dev.capplanner.contracts.events.Endpoint;
import dev.capplanner.contracts.events.InputSource;
import dev.capplanner.contracts.events.OutputFields;
import dev.capplanner.contracts.inputschema.InputSchema;
import dev.capplanner.importing.inference.OutputShape;
import dev.capplanner.importing.model.ImportResult;
import dev.capplanner.importing.model.ImportedCapability;
import dev.capplanner.importing.model.Relationship;
import dev.capplanner.importing.openapi.OpenApiImporter;
import dev.capplanner.importing.openapi.OpenApiSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An OpenAPI document as the read-only part of a snapshot: imported with the registry's import code,
 * named {@code api:<connection>/<operation>}, the parameters the caller binds marked
 * {@code x-capplanner-bind} and left out of {@code required} (as a registration's hidden arguments
 * are), outputs' identifier paths, field names and declared relationships kept, the response schema
 * itself left in the registry: what a snapshot holds of an API operation. Writes are left out, as a
 * snapshot leaves them out. (What a registration adds beyond this, permissions and approvals, does not
 * change what a planner sees.)
 */
public final class ImportedCatalog {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() { };

    private ImportedCatalog() {
    }

    public static List<Capability> openApi(String location, String connection, Set<String> hidden) {
        ImportResult result = new OpenApiImporter().importDocument(OpenApiSource.read(location), connection, hidden);
        Map<String, String> names = new HashMap<>();
        result.capabilities().forEach(c -> names.put(c.id(), CapabilityNames.qualified("api", connection, c.name())));
        Map<String, List<InputSource>> inputsFrom = new HashMap<>();
        for (Relationship relationship : result.relationships()) {
            if (!hidden.contains(relationship.input()) && names.containsKey(relationship.provider())) {
                inputsFrom.computeIfAbsent(relationship.consumer(), id -> new ArrayList<>()).add(new InputSource(
                        relationship.input(), names.get(relationship.provider()), relationship.outputPath()));
            }
        }
        return result.capabilities().stream().filter(ImportedCapability::readOnly)
                .map(c -> capability(c, names.get(c.id()), connection, hidden, inputsFrom.getOrDefault(c.id(), List.of())))
                .toList();
    }

    private static Capability capability(ImportedCapability imported, String name, String connection, Set<String> hidden,
                                         List<InputSource> inputsFrom) {
        Map<String, Object> outputSchema = imported.outputSchema() == null ? null
                : JSON.convertValue(imported.outputSchema(), MAP);
        List<String> outputPaths = imported.outputSchema() == null ? List.of()
                : OutputShape.of(imported.outputSchema()).identifierPaths();
        return new Capability(name, "api", "api:" + connection + "/" + imported.entity(), imported.entity(),
                imported.operation(), imported.description(), List.of(), true,
                new Endpoint(connection, imported.method().toUpperCase(java.util.Locale.ROOT), imported.path()),
                withHidden(JSON.convertValue(imported.inputSchema(), MAP), hidden), imported.collectionPath(),
                outputPaths, inputsFrom, null, OutputFields.of(outputSchema));
    }

    /** Each hidden parameter bound from the run context entry of its own name. */
    private static Map<String, Object> withHidden(Map<String, Object> schema, Set<String> hidden) {
        Map<String, String> bound = new LinkedHashMap<>();
        hidden.forEach(parameter -> bound.put(parameter, parameter));
        return InputSchema.markBound(schema, bound);
    }
}
