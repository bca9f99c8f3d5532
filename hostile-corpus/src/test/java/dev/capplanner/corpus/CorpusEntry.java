package dev.capplanner.corpus;

import java.util.List;
import java.util.Map;

/**
 * One hostile text of the corpus: where it is planted ({@code plantedIn}: a tool's description, an MCP
 * tool's {@code _meta}, a parameter's description, an OpenAPI operation's description, a tool's output,
 * or the user's question), what it tries, the values it wants to see as call arguments
 * ({@code planted}: none may ever be one) and the personal data it carries ({@code sensitive}: none may
 * be stored raw). {@code expand} makes the text huge ({@code repeat}: the text that many times) or
 * wraps it deep ({@code depth}: inside that many nested arrays); the files keep the seed, the test
 * builds the rest in memory.
 */
public record CorpusEntry(String id, String category, String plantedIn, String text, String tries,
                          List<String> planted, List<String> sensitive, Map<String, Integer> expand) {

    public static final List<String> CATEGORIES = List.of("tool-description", "mcp-meta", "parameter-description",
            "tool-output", "question", "unicode", "oversized-json", "nested-json", "path-argument");
    public static final List<String> PLACES = List.of("tool-description", "mcp-meta", "parameter-description",
            "openapi-description", "tool-output", "question");

    public CorpusEntry {
        planted = planted == null ? List.of() : List.copyOf(planted);
        sensitive = sensitive == null ? List.of() : List.copyOf(sensitive);
        expand = expand == null ? Map.of() : Map.copyOf(expand);
    }

    /** The text as planted: repeated to its oversized length, if the entry says so. */
    public String plantedText() {
        int repeat = expand.getOrDefault("repeat", 1);
        return repeat > 1 ? text.repeat(repeat) : text;
    }

    /** How many arrays the planted value sits inside (0: it is the text itself). */
    public int depth() {
        return expand.getOrDefault("depth", 0);
    }

    /** The planted value: the text, or the text at the bottom of {@link #depth()} nested lists. */
    public Object plantedValue() {
        Object value = plantedText();
        for (int level = 0; level < depth(); level++) {
            value = List.of(value);
        }
        return value;
    }

    public boolean plantedIn(String place) {
        return plantedIn.equals(place);
    }

    @Override
    public String toString() {
        return id;
    }
}
