package dev.capplanner.importing.openapi;

import dev.capplanner.importing.inference.OutputShape;
import dev.capplanner.importing.inference.Plurals;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Names, entity and operation of an operation, from its operationId, path and result shape. */
public final class Naming {

    private Naming() {
    }

    /** The capability's name: its operationId, or the method and path when it has none. */
    static String name(String operationId, String method, String path) {
        if (operationId != null && !operationId.isBlank()) {
            return operationId.strip().replaceAll("[^A-Za-z0-9._-]+", "_");
        }
        String words = String.join("_", literalSegments(path));
        return method + (words.isEmpty() ? "" : "_" + words);
    }

    /**
     * The thing the operation is about: the last literal path segment, singular ({@code /customers/{id}/orders}
     * is order); a last segment that only picks one of them ({@code /releases/latest}, {@code /users/me})
     * names the segment before it.
     */
    static String entity(String path) {
        List<String> literals = new ArrayList<>(literalSegments(path));
        while (literals.size() > 1 && PICKS_ONE.contains(literals.get(literals.size() - 1).toLowerCase(Locale.ROOT))) {
            literals.remove(literals.size() - 1);
        }
        String last = literals.isEmpty() ? "resource" : literals.get(literals.size() - 1);
        return singular(last.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-"));
    }

    /** Path segments that choose one record of the collection before them rather than naming a thing. */
    private static final java.util.Set<String> PICKS_ONE = java.util.Set.of("latest", "current", "me", "self",
            "mine", "default", "first", "last", "newest", "oldest", "recent", "active", "primary");

    /** search / list (collections), detail (one record by its id), get, or the write verb of the method. */
    static String operation(String method, boolean read, OutputShape output, boolean requiredQuery, String path,
                            List<String> nameWords) {
        if (!read) {
            return switch (method) {
                case "post" -> "create";
                case "delete" -> "delete";
                default -> "update";
            };
        }
        if (output.collection()) {
            return requiredQuery || nameWords.contains("search") || path.toLowerCase(Locale.ROOT).contains("search")
                    ? "search" : "list";
        }
        return path.endsWith("}") ? "detail" : "get";
    }

    static List<String> literalSegments(String path) {
        List<String> literals = new ArrayList<>();
        for (String segment : path.split("/")) {
            if (!segment.isEmpty() && !segment.startsWith("{")) {
                literals.add(segment);
            }
        }
        return literals;
    }

    /** The noun in the singular ({@link Plurals#singular}). */
    public static String singular(String word) {
        return Plurals.singular(word);
    }
}
