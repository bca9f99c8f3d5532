package dev.capplanner.importing.openapi;

import dev.capplanner.importing.inference.OutputShape;
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

    /** Singular nouns that end in s, whose plural adds es (a list: "emojis", "apis", "menus" are plurals). */
    private static final java.util.List<String> ENDING_IN_S = java.util.List.of("status", "analysis", "basis", "bonus",
            "campus", "census", "corpus", "virus", "thesis", "axis", "synopsis", "diagnosis", "focus", "radius",
            "alias", "canvas", "atlas", "address", "access", "process", "business", "class", "bus", "gas", "lens");

    /**
     * {@code orders} -> {@code order}, {@code activities} -> {@code activity}, {@code branches} ->
     * {@code branch}, {@code addresses} -> {@code address}, {@code boxes} -> {@code box}; other words as
     * they are ({@code status}, {@code analysis}, {@code data}); {@code statuses} -> {@code status}.
     */
    public static String singular(String word) {
        for (String singular : ENDING_IN_S) {
            // "status", "statuses", "order-status": a word in -s that is no plural, alone or as the last part.
            if (word.equals(singular) || word.endsWith("-" + singular)) {
                return word;
            }
            String plural = singular + "es";
            if (word.equals(plural) || word.endsWith("-" + plural)) {
                return word.substring(0, word.length() - 2);
            }
        }
        if (word.endsWith("ies") && word.length() > 4) {
            return word.substring(0, word.length() - 3) + "y";
        }
        // "caches", "headaches": nouns in -che take an s; "branches", "approaches", "batches" an es.
        boolean cheNoun = word.endsWith("aches") && !word.endsWith("oaches") && !word.endsWith("eaches");
        if (word.length() > 4 && !cheNoun && (word.endsWith("ches") || word.endsWith("shes") || word.endsWith("sses")
                || word.endsWith("xes") || word.endsWith("zzes"))) {
            return word.substring(0, word.length() - 2);
        }
        if (word.endsWith("s") && !word.endsWith("ss") && word.length() > 3) {
            return word.substring(0, word.length() - 1);
        }
        return word;
    }
}
