package dev.capplanner.contracts.schema;

import com.fasterxml.jackson.databind.JsonNode;
import dev.capplanner.contracts.EventType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The member names the v1 schemas declare, and a rejection's reason with every other name hidden.
 * A reason is kept where a record's payload is not (dead-letter headers, logs), and a record may
 * carry anything as a member name ("maria.garcia@example.com" under {@code arguments}): the reason
 * repeats only names the contracts declare and array indices.
 */
final class DeclaredNames {

    static final String HIDDEN = "<member>";
    private static final Pattern QUOTED_PROPERTY = Pattern.compile("Property \"([^\"]*)\"");
    private static final Set<String> NAMES = collect();

    private DeclaredNames() {
    }

    static boolean contains(String name) {
        return NAMES.contains(name);
    }

    /** A JSON Pointer with each segment that is neither an index nor a declared name hidden. */
    static String pointer(String pointer) {
        if (pointer.equals("/")) {
            return pointer;
        }
        StringBuilder safe = new StringBuilder();
        for (String segment : pointer.substring(pointer.startsWith("/") ? 1 : 0).split("/", -1)) {
            safe.append('/').append(segment.chars().allMatch(Character::isDigit) && !segment.isEmpty()
                    || NAMES.contains(segment.replace("~1", "/").replace("~0", "~")) ? segment : HIDDEN);
        }
        return safe.toString();
    }

    /** A validator's message with the instance's undeclared property names hidden. */
    static String message(String message) {
        Matcher property = QUOTED_PROPERTY.matcher(message);
        StringBuilder safe = new StringBuilder();
        while (property.find()) {
            property.appendReplacement(safe, Matcher.quoteReplacement(NAMES.contains(property.group(1))
                    ? property.group() : "Property " + HIDDEN));
        }
        return property.appendTail(safe).toString();
    }

    private static Set<String> collect() {
        List<String> files = new ArrayList<>(List.of("common.json", CapabilityPlanDocuments.SCHEMA_FILE));
        for (EventType type : EventType.values()) {
            files.add(type.schemaFile());
        }
        Set<String> names = new HashSet<>();
        for (String file : files) {
            collect(EventSchemas.tree(file), names);
        }
        return Set.copyOf(names);
    }

    private static void collect(JsonNode schema, Set<String> names) {
        if (schema.isObject()) {
            JsonNode properties = schema.get("properties");
            if (properties != null && properties.isObject()) {
                properties.fieldNames().forEachRemaining(names::add);
            }
            JsonNode required = schema.get("required");
            if (required != null && required.isArray()) {
                required.forEach(name -> names.add(name.asText()));
            }
        }
        schema.forEach(child -> collect(child, names));
    }
}
