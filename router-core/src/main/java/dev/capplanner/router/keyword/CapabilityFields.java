package dev.capplanner.router.keyword;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.inputschema.InputSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The fields of a capability the keyword index reads, with their weights: name, entity and
 * operation weigh most, then aliases, family, parameter names, description, parameter descriptions.
 */
final class CapabilityFields {

    static final Map<String, Double> WEIGHTS = Map.of("name", 3.0, "entity", 2.5, "operation", 2.0,
            "aliases", 2.0, "family", 1.0, "parameters", 1.0, "description", 1.0, "parameter descriptions", 0.5);

    private CapabilityFields() {
    }

    /** The fields, with the description as the index reads it (its source's boilerplate left out). */
    static Map<String, String> texts(Capability capability, String description) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("name", capability.name());
        fields.put("entity", capability.entity());
        fields.put("operation", capability.operation());
        fields.put("aliases", String.join(" ", capability.aliases()));
        fields.put("family", capability.family());
        fields.put("parameters", String.join(" ", parameterNames(capability)));
        fields.put("description", description);
        fields.put("parameter descriptions", parameterDescriptions(capability));
        return fields;
    }

    static List<String> parameterNames(Capability capability) {
        return InputSchema.of(capability.inputSchema()).parameters().stream().map(InputSchema.Parameter::name).toList();
    }

    static String parameterDescriptions(Capability capability) {
        List<String> descriptions = new ArrayList<>();
        for (InputSchema.Parameter parameter : InputSchema.of(capability.inputSchema()).parameters()) {
            if (parameter.schema().get("description") instanceof String text) {
                descriptions.add(text);
            }
        }
        return String.join(" ", descriptions);
    }
}
