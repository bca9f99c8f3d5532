package dev.capplanner.planner.capability;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Optional arguments the question states in terms the schema allows (rule "schema-valid filters"):
 * an enumerated parameter takes the one value of its enumeration the question names ("open
 * tickets" -> {@code status=open}; two named values, or none, bind nothing), and a limit-like integer
 * parameter takes the count of "the last 3", "top 5", "first 10" when it lies within the declared
 * range. A parameter bound from the run context is never filled; nothing outside the schema is.
 */
final class SchemaFilters {

    private static final Set<String> LIMITS = Set.of("limit", "top", "count", "max", "size", "pagesize", "first");
    private static final Pattern COUNTED = Pattern.compile(
            "\\b(?:last|latest|top|first|newest|recent)\\s+(\\d{1,4})\\b");

    private SchemaFilters() {
    }

    /** The optional parameters the question gives values for, by name. */
    static Map<String, Object> from(Map<String, Object> properties, List<?> required, String question) {
        Map<String, Object> filters = new LinkedHashMap<>();
        String asked = question.toLowerCase(Locale.ROOT);
        properties.forEach((parameter, declared) -> {
            if (required.contains(parameter) || !(declared instanceof Map<?, ?> schema)
                    || schema.containsKey("x-capplanner-bind")) {
                return;
            }
            if (schema.get("enum") instanceof List<?> values) {
                List<Object> named = new ArrayList<>();
                for (Object value : values) {
                    if (value instanceof String text && mentions(asked, text)) {
                        named.add(value);
                    }
                }
                if (named.size() == 1) {
                    filters.put(parameter, named.get(0));
                }
            } else if ("integer".equals(schema.get("type"))
                    && LIMITS.contains(parameter.toLowerCase(Locale.ROOT).replace("_", ""))) {
                Matcher counted = COUNTED.matcher(asked);
                if (counted.find()) {
                    int count = Integer.parseInt(counted.group(1));
                    if (count >= bound(schema.get("minimum"), 1)
                            && count <= bound(schema.get("maximum"), Integer.MAX_VALUE)) {
                        filters.put(parameter, count);
                    }
                }
            }
        });
        return filters;
    }

    /** The value as whole words of the question ({@code in_transit} also as "in transit"). */
    private static boolean mentions(String asked, String value) {
        String words = Pattern.quote(value.toLowerCase(Locale.ROOT)).replaceAll("[_-]", "\\\\E[ _-]\\\\Q");
        return Pattern.compile("(?<![\\p{Alnum}])" + words + "(?![\\p{Alnum}])").matcher(asked).find();
    }

    private static int bound(Object value, int otherwise) {
        return value instanceof Number number ? number.intValue() : otherwise;
    }
}
