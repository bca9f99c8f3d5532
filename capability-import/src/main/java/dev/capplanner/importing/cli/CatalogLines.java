package dev.capplanner.importing.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.capplanner.importing.model.ImportResult;
import dev.capplanner.importing.model.ImportedCapability;
import dev.capplanner.importing.model.Relationship;
import java.util.ArrayList;
import java.util.List;

/**
 * One capability a line, in the catalog format {@code ./run-eval.sh --catalog} reads (id, name,
 * description, inputSchema, annotations, source) plus what the import derived (entity, operation,
 * side effect, risk, endpoint, collection path, identifiers, the relationships that feed its inputs,
 * and why it is excluded, if it is).
 */
final class CatalogLines {

    private static final ObjectMapper JSON = new ObjectMapper();

    private CatalogLines() {
    }

    static List<String> of(ImportResult result) {
        List<String> lines = new ArrayList<>();
        for (ImportedCapability capability : result.capabilities()) {
            ObjectNode line = JSON.createObjectNode();
            line.put("id", capability.id());
            line.put("name", capability.name());
            line.put("description", capability.description());
            line.set("inputSchema", capability.inputSchema());
            ObjectNode annotations = line.putObject("annotations");
            annotations.put("readOnlyHint", capability.sideEffect().readOnly());
            annotations.put("destructiveHint", capability.sideEffect().name().equals("DESTRUCTIVE"));
            line.put("source", capability.source());
            line.put("entity", capability.entity());
            line.put("operation", capability.operation());
            line.put("sideEffect", capability.sideEffect().wireName());
            line.put("risk", capability.risk());
            line.put("requiresConfirmation", capability.requiresConfirmation());
            if (capability.method() != null) {
                line.putObject("endpoint").put("method", capability.method()).put("path", capability.path());
            }
            if (capability.outputSchema() != null) {
                line.set("outputSchema", capability.outputSchema());
            }
            if (capability.collectionPath() != null) {
                line.put("collectionPath", capability.collectionPath());
            }
            ArrayNode identifiers = line.putArray("identifierFields");
            capability.identifierFields().forEach(identifiers::add);
            ArrayNode fedBy = line.putArray("inputsFrom");
            for (Relationship relationship : result.relationships()) {
                if (relationship.consumer().equals(capability.id())) {
                    fedBy.addObject().put("input", relationship.input()).put("from", relationship.provider())
                            .put("path", relationship.outputPath());
                }
            }
            if (capability.excludedReason() != null) {
                line.put("excludedReason", capability.excludedReason());
            }
            lines.add(line.toString());
        }
        return lines;
    }
}
