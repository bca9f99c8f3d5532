package dev.capplanner.contracts.entities;

import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Values that name a record although no one calls them an identifier: an account's {@code login}, a
 * commit's {@code sha}, a release's {@code tag_name}. A pull request names its author by
 * {@code user.login}, and the author's reader takes a {@code username}, so a plan can chain the one
 * into the other only if both sides know which natural key fills which input. The import declares
 * the output paths that carry them, the router routes the reader they reference, the planner chains
 * them: one table for all three. Names compare without case and punctuation.
 */
public final class NaturalKeys {

    /** Each natural key with the inputs it fills (normalized names). */
    private static final Map<String, Set<String>> FILLS = Map.of(
            "login", Set.of("login", "username", "user"),
            "username", Set.of("username", "login", "user"),
            "sha", Set.of("sha", "commitsha", "ref"),
            "tagname", Set.of("tagname", "tag"));

    private NaturalKeys() {
    }

    /** Whether an output field is a natural key ({@code login}, {@code sha}, {@code tag_name}). */
    public static boolean isNaturalKey(String field) {
        return FILLS.containsKey(normalized(field));
    }

    /** Whether the output field is a natural key that can fill the input ({@code login} fills {@code username}). */
    public static boolean fills(String field, String input) {
        return FILLS.getOrDefault(normalized(field), Set.of()).contains(normalized(input));
    }

    private static String normalized(String name) {
        return name == null ? "" : name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
    }
}
