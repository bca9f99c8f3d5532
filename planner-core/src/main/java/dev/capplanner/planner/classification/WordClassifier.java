package dev.capplanner.planner.classification;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The deterministic classifier: English phrasing only, no model. <b>Help</b> when the turn asks what
 * the assistant can do or which tools it has ("what can you do?", "which tools can I use", "help").
 * <b>Command</b> when its request starts, after polite openers ("please", "can you", "I want to",
 * "I'd like you to"), with a verb that changes something (cancel, delete, update, refund, reroute,
 * ...), or with "open"/"close" followed by an article ("open a ticket": "open tickets of ..." stays a
 * question). Everything else is <b>inspection</b>, planned over the read-only capabilities.
 */
public final class WordClassifier implements RequestClassifier {

    private static final List<Pattern> HELP = List.of(
            Pattern.compile("^\\s*(help|\\?|/help)\\s*[.!?]*\\s*$"),
            Pattern.compile("\\bwhat (else )?(can|could) (you|i) (do|ask|help)"),
            Pattern.compile("\\bhow (can|could) you help\\b"),
            Pattern.compile("\\bwhat (tools|capabilities|functions|actions|data|operations) (do you|can you|are|is)\\b"),
            Pattern.compile("\\b(which|what) tools\\b"),
            Pattern.compile("\\b(list|show) (me )?(your|the|all|available) (tools|capabilities)\\b"),
            Pattern.compile("\\bwhat do you (support|know how to do)\\b"));
    private static final Pattern OPENER = Pattern.compile(
            "^(?:(?:please|kindly|hey|hi|ok|okay)[,!]?\\s+)*(?:(?:can|could|would|will) you(?: please)?\\s+"
                    + "|(?:i|we) (?:want|need|would like|'d like|wish) (?:you )?to\\s+|let'?s\\s+|go ahead and\\s+"
                    + "|i'd like (?:you )?to\\s+|help me\\s+)?(?:please\\s+)?([a-z]+)(?:\\s+([a-z]+))?");
    private static final Set<String> CHANGING_VERBS = Set.of("cancel", "delete", "remove", "update", "change",
            "modify", "edit", "create", "add", "insert", "reopen", "assign", "reassign", "set", "send", "email",
            "refund", "pay", "charge", "reroute", "redirect", "ship", "book", "schedule", "approve", "reject",
            "submit", "reset", "transfer", "merge", "archive", "restore", "block", "unblock", "subscribe",
            "unsubscribe", "register", "upgrade", "downgrade", "escalate", "mark", "rename", "move", "void",
            "credit", "write", "upload", "publish", "revoke", "disable", "enable", "terminate",
            "suspend", "resume", "replace", "return", "bump", "increase", "decrease", "prioritize",
            "prioritise", "reprioritize", "flag", "unassign", "lock", "unlock", "pause", "restart", "rerun", "retry",
            "resend", "notify", "invite", "accept", "decline");
    /** Verbs that change something only with an object after them ("open a ticket", not "open tickets"). */
    private static final Set<String> WITH_ARTICLE = Set.of("open", "close", "file", "raise", "log", "place");
    private static final Set<String> ARTICLES = Set.of("a", "an", "the", "this", "that", "my", "new", "another");

    @Override
    public Classification classify(String question) {
        String asked = question == null ? "" : question.toLowerCase(Locale.ROOT).strip();
        for (Pattern help : HELP) {
            if (help.matcher(asked).find()) {
                return Classification.of(RequestKind.HELP);
            }
        }
        Matcher request = OPENER.matcher(asked.replaceAll("^/[a-z]+\\s+", ""));
        if (request.find()) {
            String verb = request.group(1);
            String next = request.group(2);
            if (CHANGING_VERBS.contains(verb) && !(verb.equals("return") && "policy".equals(next))) {
                return new Classification(RequestKind.COMMAND, verb);
            }
            if (WITH_ARTICLE.contains(verb) && next != null && ARTICLES.contains(next)) {
                return new Classification(RequestKind.COMMAND, verb);
            }
        }
        return Classification.of(RequestKind.INSPECTION);
    }
}
