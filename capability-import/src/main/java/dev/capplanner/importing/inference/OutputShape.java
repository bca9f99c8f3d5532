package dev.capplanner.importing.inference;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.capplanner.contracts.entities.NaturalKeys;
import dev.capplanner.contracts.paths.OutputPaths;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * What an operation's result looks like: a collection (at a declared path, or the whole body) or
 * one record, which fields identify its records ({@code id}, {@code customerId}, {@code order_id}),
 * and which carry a natural key ({@link NaturalKeys}: a commit's {@code sha}, or one level down, the
 * {@code user.login} a pull request names its author by). An object with an {@code id} of its own is
 * one record; otherwise its first array of objects is the collection (a page such as
 * {@code {items: [...], count}}).
 */
public record OutputShape(boolean collection, String collectionPath, List<String> identifierFields,
                          List<String> keyFields) {

    static final OutputShape NONE = new OutputShape(false, null, List.of(), List.of());
    /** Natural-key fields kept per record: a record nests a handful of accounts and commits, not more. */
    static final int MOST_KEY_FIELDS = 16;
    private static final int MOST_PATHS = 100;

    public OutputShape {
        identifierFields = List.copyOf(identifierFields);
        keyFields = List.copyOf(keyFields);
    }

    public OutputShape(boolean collection, String collectionPath, List<String> identifierFields) {
        this(collection, collectionPath, identifierFields, List.of());
    }

    public static OutputShape of(ObjectNode schema) {
        if (schema == null) {
            return NONE;
        }
        ObjectNode merged = merged(schema);
        if ("array".equals(merged.path("type").asText()) || merged.has("items") && !merged.has("properties")) {
            ObjectNode item = merged(merged.path("items"));
            return new OutputShape(true, null, identifiers(item), keyFields(item));
        }
        List<String> ownIdentifiers = identifiers(merged);
        if (ownIdentifiers.stream().anyMatch(OWN_IDENTIFIERS::contains)) {
            // A record with an id of its own is one record, even if it embeds a list (an order's lines).
            return new OutputShape(false, null, ownIdentifiers, keyFields(merged));
        }
        for (Iterator<String> names = merged.path("properties").fieldNames(); names.hasNext(); ) {
            String name = names.next();
            ObjectNode property = merged(merged.path("properties").path(name));
            if ("array".equals(property.path("type").asText())) {
                ObjectNode item = merged(property.path("items"));
                if (item.has("properties")) {
                    return new OutputShape(true, name, identifiers(item), keyFields(item));
                }
            }
        }
        return new OutputShape(false, null, ownIdentifiers, keyFields(merged));
    }

    /**
     * The output paths that carry identifiers ({@code items[].id}, {@code [].id} or {@code id}), then those
     * that carry natural keys ({@code [].sha}, {@code user.login}: only paths of the contracts' syntax,
     * {@link OutputPaths}), at most {@value #MOST_PATHS} (the contracts' bound).
     */
    public List<String> identifierPaths() {
        String prefix = !collection ? "" : (collectionPath == null ? "[]." : collectionPath + "[].");
        return java.util.stream.Stream.concat(identifierFields.stream().map(field -> prefix + field),
                        keyFields.stream().map(field -> prefix + field).filter(OutputPaths::isWellFormed))
                .distinct().limit(MOST_PATHS).toList();
    }

    /**
     * A record's natural keys ({@code sha}), then those of the records it nests one level down
     * ({@code user.login}, {@code head.sha}; a nullable one declared as {@code anyOf} null or object too).
     */
    private static List<String> keyFields(ObjectNode record) {
        List<String> keys = new ArrayList<>();
        JsonNode properties = record.path("properties");
        // Each name must be one field of a path: "log.in" would be read as a nested "in".
        properties.fieldNames().forEachRemaining(name -> {
            if (OutputPaths.isField(name) && NaturalKeys.isNaturalKey(name) && !isIdentifier(name)) {
                keys.add(name);
            }
        });
        properties.fieldNames().forEachRemaining(name -> {
            if (OutputPaths.isField(name)) {
                objectOf(properties.path(name)).path("properties").fieldNames().forEachRemaining(field -> {
                    if (OutputPaths.isField(field) && NaturalKeys.isNaturalKey(field) && keys.size() < MOST_KEY_FIELDS) {
                        keys.add(name + "." + field);
                    }
                });
            }
        });
        return keys.size() <= MOST_KEY_FIELDS ? keys : keys.subList(0, MOST_KEY_FIELDS);
    }

    /** The object a property holds, also when declared nullable ({@code anyOf: [null, object]}). */
    private static ObjectNode objectOf(JsonNode property) {
        ObjectNode merged = merged(property);
        if (merged.has("properties")) {
            return merged;
        }
        for (String alternatives : List.of("anyOf", "oneOf")) {
            for (JsonNode alternative : merged.path(alternatives)) {
                ObjectNode one = merged(alternative);
                if (one.has("properties")) {
                    return one;
                }
            }
        }
        return merged;
    }

    /** The names a record's own identifier goes by: {@code id}, {@code sid} (Twilio), {@code uuid}, {@code key}. */
    public static final java.util.Set<String> OWN_IDENTIFIERS = java.util.Set.of("id", "sid", "uuid", "key");

    /** An identifier: {@code id}, {@code sid}, {@code uuid}, {@code key}, or one ending so ({@code customerId}, {@code order_id}, {@code WorkspaceSid}). */
    public static boolean isIdentifier(String name) {
        return OWN_IDENTIFIERS.contains(name) || name.endsWith("Id") || name.endsWith("_id") || name.endsWith("ID")
                || name.endsWith("Sid") || name.endsWith("_sid") || name.endsWith("Uuid") || name.endsWith("_uuid");
    }

    /** The field names of the records of a result (a collection's items, or the one record). */
    public static List<String> recordFields(ObjectNode schema) {
        if (schema == null) {
            return List.of();
        }
        OutputShape shape = of(schema);
        ObjectNode merged = merged(schema);
        ObjectNode record = !shape.collection() ? merged
                : shape.collectionPath() == null ? merged(merged.path("items"))
                : merged(merged(merged.path("properties").path(shape.collectionPath())).path("items"));
        List<String> fields = new ArrayList<>();
        record.path("properties").fieldNames().forEachRemaining(fields::add);
        return fields;
    }

    private static List<String> identifiers(ObjectNode record) {
        List<String> ids = new ArrayList<>();
        record.path("properties").fieldNames().forEachRemaining(name -> {
            if (isIdentifier(name)) {
                if (OWN_IDENTIFIERS.contains(name)) {
                    ids.add(0, name);
                } else {
                    ids.add(name);
                }
            }
        });
        return ids;
    }

    /** {@code allOf} parts merged into one object schema (properties and type), as far as shape goes. */
    public static ObjectNode merged(JsonNode schema) {
        ObjectNode merged = JsonNodeFactory.instance.objectNode();
        if (!(schema instanceof ObjectNode object)) {
            return merged;
        }
        merged.setAll(object);
        JsonNode allOf = object.path("allOf");
        if (allOf.isArray()) {
            ObjectNode properties = JsonNodeFactory.instance.objectNode();
            for (JsonNode part : allOf) {
                ObjectNode partMerged = merged(part);
                if (partMerged.path("properties") instanceof ObjectNode partProperties) {
                    properties.setAll(partProperties);
                }
                if (partMerged.has("type") && !merged.has("type")) {
                    merged.set("type", partMerged.get("type"));
                }
            }
            if (object.path("properties") instanceof ObjectNode own) {
                properties.setAll(own);
            }
            merged.set("properties", properties);
            merged.remove("allOf");
        }
        return merged;
    }
}
