package dev.capplanner.importing.inference;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Aliases an imported capability's name implies (the operation's verb and the entity it acts on): the
 * phrasings a user asks with that the name does not hold, "find customer" and "look up customer" for
 * a customer search, "order details" for an order's detail. Made of the import's own words and the
 * entity's, never the source's text. They are offered to operators, who set the ones ranking reads:
 * ranked as inferred, they lost questions (docs/benchmarks.md, "Aliases inferred at import").
 */
public final class AliasInference {

    /** At most this many aliases, each at most {@link #MAX_LENGTH} characters. */
    public static final int MAX_ALIASES = 4;
    public static final int MAX_LENGTH = 60;

    /** The phrasings of each kind of read; {@code %s} is the entity. */
    private static final Map<String, List<String>> PHRASES = Map.of(
            "search", List.of("find %s", "look up %s", "search %s"),
            "list", List.of("list %s", "all %s", "show %s"),
            "detail", List.of("%s details", "show %s", "get %s"),
            "aggregate", List.of("how many %s", "count %s", "%s totals"));
    private static final Map<String, String> KIND_OF_VERB = Map.ofEntries(
            Map.entry("search", "search"), Map.entry("find", "search"), Map.entry("query", "search"),
            Map.entry("lookup", "search"), Map.entry("list", "list"), Map.entry("get", "detail"),
            Map.entry("detail", "detail"), Map.entry("fetch", "detail"), Map.entry("retrieve", "detail"),
            Map.entry("read", "detail"), Map.entry("show", "detail"), Map.entry("view", "detail"),
            Map.entry("describe", "detail"), Map.entry("aggregate", "aggregate"), Map.entry("count", "aggregate"));
    private static final Set<String> NOT_AN_ENTITY = Set.of("", "call", "tool", "item", "items", "data", "resource");

    private AliasInference() {
    }

    /**
     * @param operation the imported operation ({@code search}, {@code list}, {@code detail}, {@code get},
     *                  {@code aggregate}) or a name's verb
     * @param entity    the entity it acts on, as the import read it
     * @param name      the capability's name, whose own wording is left out
     */
    public static List<String> of(String operation, String entity, String name) {
        String kind = KIND_OF_VERB.get(operation == null ? "" : operation.toLowerCase(Locale.ROOT));
        String noun = entity == null ? "" : String.join(" ", MutatingNames.words(entity));
        if (kind == null || NOT_AN_ENTITY.contains(noun)) {
            return List.of();
        }
        String named = String.join(" ", MutatingNames.words(name == null ? "" : name));
        Set<String> aliases = new LinkedHashSet<>();
        for (String phrase : PHRASES.get(kind)) {
            String alias = phrase.formatted(noun);
            if (alias.length() <= MAX_LENGTH && !named.contains(alias)) {
                aliases.add(alias);
            }
        }
        return new ArrayList<>(aliases).subList(0, Math.min(MAX_ALIASES, aliases.size()));
    }
}
