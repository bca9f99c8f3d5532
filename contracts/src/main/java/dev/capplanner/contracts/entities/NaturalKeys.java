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
 * them: one table for all three. Names compare without case, underscores or dashes.
 */
public final class NaturalKeys {

    /** Each natural key with the inputs it fills (normalized names). */
    private static final Map<String, Set<String>> FILLS = Map.of(
            "login", Set.of("login", "username"),
            "username", Set.of("username", "login"),
            "sha", Set.of("sha", "commitsha", "ref"),
            "tagname", Set.of("tagname", "tag"));
    /** The keys that name an account: a person's only when the record that holds them is a person's. */
    private static final Set<String> ACCOUNTS = Set.of("login", "username");

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

    /**
     * Whether the value at an output path can fill the input: its last field is a natural key that fills
     * it, and an account's key is a person's: the record it sits in is named as people are
     * ({@code user.login}, {@code author.login}; not {@code organization.login}), or, for a key of the
     * record itself ({@code [].login}), the provider's entity is a person ({@link PersonEntities}).
     */
    public static boolean fillsFrom(String path, String providerEntity, String input) {
        // "[].author.login" -> author, login: the rows of a bare array are no field.
        String[] fields = java.util.Arrays.stream(path.replace("[]", "").split("\\."))
                .filter(field -> !field.isEmpty()).toArray(String[]::new);
        if (fields.length == 0) {
            return false;
        }
        String leaf = fields[fields.length - 1];
        if (!fills(leaf, input)) {
            return false;
        }
        if (!ACCOUNTS.contains(normalized(leaf))) {
            return true;
        }
        String holder = fields.length >= 2 ? fields[fields.length - 2].replace('_', ' ') : providerEntity;
        return PersonEntities.isPerson(holder);
    }

    private static String normalized(String name) {
        return name == null ? "" : name.toLowerCase(Locale.ROOT).replace("_", "").replace("-", "");
    }
}
