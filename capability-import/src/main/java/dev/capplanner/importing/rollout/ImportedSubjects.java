package dev.capplanner.importing.rollout;

import com.fasterxml.jackson.databind.JsonNode;
import dev.capplanner.importing.model.ImportResult;
import dev.capplanner.importing.model.ImportedCapability;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** An import's result as rollout subjects: its reads and the capabilities waiting for review (never its writes). */
public final class ImportedSubjects {

    private ImportedSubjects() {
    }

    public static List<RolloutSubject> of(ImportResult result) {
        Map<String, String> names = new HashMap<>();
        result.capabilities().forEach(capability -> names.put(capability.id(), capability.name()));
        List<RolloutSubject> subjects = new ArrayList<>();
        for (ImportedCapability capability : result.capabilities()) {
            if (!capability.readOnly() && capability.reviewHold() == null) {
                continue;
            }
            List<RolloutSubject.Feed> feeds = result.relationships().stream()
                    .filter(relationship -> relationship.consumer().equals(capability.id()))
                    .map(relationship -> new RolloutSubject.Feed(relationship.input(),
                            names.getOrDefault(relationship.provider(), relationship.provider())))
                    .toList();
            subjects.add(new RolloutSubject(capability.name(), capability.operation(),
                    capability.outputSchema() != null, capability.collectionPath(), capability.reviewHold(),
                    required(capability), feeds));
        }
        return subjects;
    }

    private static List<String> required(ImportedCapability capability) {
        List<String> required = new ArrayList<>();
        JsonNode names = capability.inputSchema() == null ? null : capability.inputSchema().get("required");
        if (names != null && names.isArray()) {
            names.forEach(name -> {
                if (!required.contains(name.asText())) {
                    required.add(name.asText());
                }
            });
        }
        return required;
    }
}
