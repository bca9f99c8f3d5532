package dev.capplanner.importing.inference;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Rule "contradicting names": a capability said to be read-only whose own name says it changes
 * something (create, send, delete, remember, ...) is not trusted.
 */
public final class MutatingNames {

    static final Set<String> MUTATING_VERBS = Set.of("create", "write", "store", "remember", "send", "delete",
            "remove", "update", "insert", "cancel", "upload", "publish", "modify", "save", "reset", "revoke",
            "approve", "set", "add", "trigger", "execute", "merge", "transfer", "pay", "refund");

    private MutatingNames() {
    }

    /** The name's words, lower case: {@code createOrder}, {@code orders.create} and {@code create_order} alike. */
    public static List<String> words(String name) {
        String spaced = name.replaceAll("([a-z0-9])([A-Z])", "$1 $2");
        return Arrays.stream(spaced.toLowerCase(Locale.ROOT).split("[^a-z0-9]+")).filter(w -> !w.isEmpty()).toList();
    }

    /** The first word of the name that says it changes something, if any. */
    public static Optional<String> mutatingWord(String name) {
        return words(name).stream().filter(MUTATING_VERBS::contains).findFirst();
    }

    public static String excludedReason(String word) {
        return "read-only status contradicts its name (" + word + "): excluded until an operator reviews it";
    }
}
