package dev.capplanner.importing.inference;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Rule "contradicting names": a capability said to be read-only whose name says it changes
 * something is not trusted. What a name says is its operation's verb, not any word in it: the
 * first word ({@code createTicket}, {@code FetchUsageTrigger}, {@code list_x}) after a vendor or
 * version prefix, or the second after a one-word group ({@code pulls/get-merge-async-result},
 * {@code Orders_GetById}), or else the last ({@code ticket_create}, {@code orders.list}). A noun
 * that happens to be spelled like a verb ("AddOn", "Trigger", "Transfer", "Refund") does not
 * contradict a read; a second verb joined to the first ({@code get_or_create}) does.
 */
public final class MutatingNames {

    static final Set<String> MUTATING_VERBS = Set.of("create", "write", "store", "remember", "send", "delete",
            "remove", "update", "insert", "cancel", "upload", "publish", "modify", "save", "reset", "revoke",
            "approve", "set", "add", "trigger", "execute", "merge", "transfer", "pay", "refund");

    /** Verbs a read's name leads with. */
    static final Set<String> READ_VERBS = Set.of("get", "list", "fetch", "read", "retrieve", "search", "find", "query",
            "lookup", "describe", "show", "view", "count", "check", "download", "export", "head", "browse");

    private static final Set<String> CONJUNCTIONS = Set.of("or", "and", "then");
    private static final Set<String> VERBS = union(MUTATING_VERBS, READ_VERBS);

    private MutatingNames() {
    }

    /** The name's words, lower case: {@code createOrder}, {@code orders.create} and {@code create_order} alike. */
    public static List<String> words(String name) {
        String spaced = name.replaceAll("([a-z0-9])([A-Z])", "$1 $2");
        return Arrays.stream(spaced.toLowerCase(Locale.ROOT).split("[^a-z0-9]+")).filter(w -> !w.isEmpty()).toList();
    }

    /** The verb of the name that says it changes something, if its operation's verb does. */
    public static Optional<String> mutatingWord(String name) {
        return mutatingWord(name, null);
    }

    /**
     * The verb of the name that says it changes something, if any.
     *
     * @param source the source's name, whose words may prefix the tool's ({@code hubspot-create-contact})
     */
    public static Optional<String> mutatingWord(String name, String source) {
        List<String> words = ToolNameWords.withoutPrefix(name, source, VERBS);
        for (int i = 0; i < words.size() - 1; i++) {
            if (CONJUNCTIONS.contains(words.get(i)) && MUTATING_VERBS.contains(words.get(i + 1))) {
                return Optional.of(words.get(i + 1));
            }
        }
        return operationVerb(words).filter(MUTATING_VERBS::contains);
    }

    private static Optional<String> operationVerb(List<String> words) {
        if (words.isEmpty()) {
            return Optional.empty();
        }
        if (VERBS.contains(words.get(0))) {
            return Optional.of(words.get(0));
        }
        if (words.size() > 2 && VERBS.contains(words.get(1))) {
            return Optional.of(words.get(1));
        }
        String last = words.get(words.size() - 1);
        return words.size() > 1 && VERBS.contains(last) ? Optional.of(last) : Optional.empty();
    }

    /**
     * The verb an action-style path ends with ({@code /orders/{id}/cancel}, {@code /users/{id}/reset-password}),
     * when it changes something and the name does not speak for the operation: a name generated from
     * the method and path (no operationId: it always begins with "get"), or a name that ends with the
     * same action ({@code getUserResetPassword} on {@code .../reset-password}). A named read whose path
     * merely names a resource ({@code pulls/get-merge-async-result} on {@code .../merge-async/{uuid}},
     * {@code FetchRecordingAddOnResult} on {@code .../AddOnResults/{Sid}}) keeps its name's verb.
     */
    public static Optional<String> mutatingPathAction(String path, String name, boolean generatedName) {
        List<String> action = lastLiteralSegment(path);
        if (action.isEmpty() || !MUTATING_VERBS.contains(action.get(0))) {
            return Optional.empty();
        }
        List<String> nameWords = words(name);
        boolean nameEndsWithIt = nameWords.size() >= action.size()
                && nameWords.subList(nameWords.size() - action.size(), nameWords.size()).equals(action);
        return generatedName || nameEndsWithIt ? Optional.of(action.get(0)) : Optional.empty();
    }

    private static List<String> lastLiteralSegment(String path) {
        if (path == null) {
            return List.of();
        }
        String[] segments = path.split("/");
        for (int i = segments.length - 1; i >= 0; i--) {
            if (!segments[i].isEmpty() && !segments[i].startsWith("{")) {
                return words(ResourceHierarchy.withoutExtension(segments[i]));
            }
        }
        return List.of();
    }

    public static String excludedReason(String word) {
        return "read-only status contradicts its name (" + word + "): excluded until an operator reviews it";
    }

    private static Set<String> union(Set<String> one, Set<String> other) {
        Set<String> all = new HashSet<>(one);
        all.addAll(other);
        return Set.copyOf(all);
    }
}
