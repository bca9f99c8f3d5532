package dev.capplanner.importing.inference;

/**
 * English plurals as API paths write them, read back to the noun: what an operation is about
 * ({@code /customers/{id}/orders} is an order) and which list an item's parameter belongs to
 * ({@code branches/{branch}}).
 */
public final class Plurals {

    /** Singular nouns that end in s, whose plural adds es (a list: "emojis", "apis", "menus" are plurals). */
    private static final java.util.List<String> ENDING_IN_S = java.util.List.of("status", "analysis", "basis", "bonus",
            "campus", "census", "corpus", "virus", "thesis", "axis", "synopsis", "diagnosis", "focus", "radius",
            "alias", "canvas", "atlas", "address", "access", "process", "business", "class", "bus", "gas", "lens");

    private Plurals() {
    }

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
