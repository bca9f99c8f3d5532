package dev.capplanner.contracts.schema;

import com.fasterxml.jackson.databind.JsonNode;
import dev.capplanner.contracts.EventType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The member names the v1 schemas declare, and a rejection's reason with every other name hidden.
 * A reason is kept where a record's payload is not (dead-letter headers, logs), and a record may
 * carry anything as a member name ("maria.garcia@example.com" under {@code arguments}): the reason
 * repeats only names the contracts declare and array indices.
 */
final class DeclaredNames {

    static final String HIDDEN = "<member>";
    private static final Pattern INDEX = Pattern.compile("[0-9]{1,4}");
    private static final String PROPERTY = "Property \"";
    /** How vertx-json-schema's messages about one property go on after its name (the quote included). */
    private static final List<String> PROPERTY_ENDINGS = List.of("\" does not match additional properties schema",
            "\" does not match unevaluated properties schema", "\" does not match schema", "\" but does not have ",
            "\" but does not match dependant schema", "\" but does not match associated schema");
    private static final Set<String> NAMES = collect();

    private DeclaredNames() {
    }

    static boolean contains(String name) {
        return NAMES.contains(name);
    }

    /**
     * A JSON Pointer with each segment that is neither a short index nor a declared name hidden (a
     * long run of digits may be a phone or account number used as a key).
     */
    static String pointer(String pointer) {
        if (pointer.equals("/")) {
            return pointer;
        }
        StringBuilder safe = new StringBuilder();
        for (String segment : pointer.substring(pointer.startsWith("/") ? 1 : 0).split("/", -1)) {
            safe.append('/').append(INDEX.matcher(segment).matches()
                    || NAMES.contains(segment.replace("~1", "/").replace("~0", "~")) ? segment : HIDDEN);
        }
        return safe.toString();
    }

    /**
     * A validator's message with the instance's undeclared property name hidden. The name is what
     * lies between {@code Property "} and the validator's known ending (a name may hold quotes
     * itself); a message of that form with an ending it does not know keeps nothing after "Property".
     */
    static String message(String message) {
        if (!message.startsWith(PROPERTY)) {
            return message;
        }
        for (String ending : PROPERTY_ENDINGS) {
            int at = message.lastIndexOf(ending);
            if (at >= PROPERTY.length()) {
                String name = message.substring(PROPERTY.length(), at);
                return NAMES.contains(name) ? message : "Property " + HIDDEN + message.substring(at + 1);
            }
        }
        return "Property " + HIDDEN;
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
