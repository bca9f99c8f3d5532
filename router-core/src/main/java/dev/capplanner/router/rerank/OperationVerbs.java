package dev.capplanner.router.rerank;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What kind of action a verb asks for (read, list, search, create, change, remove, send, compute),
 * so that a question's verb can agree with a candidate's operation without being the same word:
 * "fetch the invoice" agrees with {@code get}, "add a note" disagrees with {@code list}. A general
 * English table, not one catalog's: a verb outside it has no kind and neither agrees nor conflicts;
 * words that are more often nouns or adjectives ("all", "new", "details") are left out of it.
 * Words are compared by a crude root ({@link #root}) so that "searching", "searched" and "search" meet.
 */
final class OperationVerbs {

    private static final Map<String, Set<String>> KINDS_BY_ROOT = new HashMap<>();

    static {
        kind("read", "get", "fetch", "retrieve", "show", "view", "display", "see", "check", "look", "read", "obtain",
                "return", "provide", "give", "tell", "know", "find", "lookup", "access", "describe", "inspect");
        kind("list", "list", "browse", "enumerate");
        kind("search", "search", "find", "look", "query", "lookup", "discover", "explore", "locate", "filter", "match");
        kind("create", "create", "add", "make", "register", "open", "book", "schedule", "insert", "submit",
                "generate", "build", "start", "reserve", "upload", "write", "compose");
        kind("change", "update", "change", "modify", "edit", "set", "rename", "adjust", "move", "assign", "replace",
                "patch", "configure", "enable", "disable", "toggle", "mark");
        kind("remove", "delete", "remove", "cancel", "drop", "erase", "clear", "revoke", "close", "archive",
                "unsubscribe", "stop", "terminate");
        kind("send", "send", "notify", "email", "message", "share", "publish", "post", "forward", "reply", "invite",
                "broadcast");
        kind("compute", "calculate", "compute", "convert", "estimate", "predict", "analyze", "analyse", "evaluate",
                "measure", "assess", "translate", "summarize", "count", "forecast", "simulate", "compare");
    }

    private OperationVerbs() {
    }

    private static void kind(String kind, String... verbs) {
        for (String verb : verbs) {
            KINDS_BY_ROOT.merge(root(verb), Set.of(kind), (held, more) -> {
                Set<String> both = new HashSet<>(held);
                both.addAll(more);
                return Set.copyOf(both);
            });
        }
    }

    /** The kinds of action the word can ask for; empty when it is no verb of the table. */
    static Set<String> kinds(String word) {
        return KINDS_BY_ROOT.getOrDefault(root(word), Set.of());
    }

    /** Every kind of action any of the words can ask for. */
    static Set<String> askedBy(List<String> words) {
        Set<String> asked = new HashSet<>();
        words.forEach(word -> asked.addAll(kinds(word)));
        return asked;
    }

    /** A crude verb root: inflection endings and a final e dropped ("updating", "updated", "update": "updat"). */
    static String root(String word) {
        String root = word.toLowerCase(Locale.ROOT);
        if (root.length() > 5 && root.endsWith("ing")) {
            root = root.substring(0, root.length() - 3);
        } else if (root.length() > 4 && (root.endsWith("ed") || root.endsWith("es"))) {
            root = root.substring(0, root.length() - 2);
        } else if (root.length() > 3 && root.endsWith("s") && !root.endsWith("ss")) {
            root = root.substring(0, root.length() - 1);
        }
        if (root.length() > 3 && root.endsWith("e")) {
            root = root.substring(0, root.length() - 1);
        }
        return root;
    }
}
