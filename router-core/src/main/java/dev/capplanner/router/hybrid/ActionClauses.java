package dev.capplanner.router.hybrid;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What makes a clause of an English request an action ({@link RequestSteps}): a question, a verb of
 * action first (after connectives, courtesy and a leading condition), any word an object follows,
 * or a stated need. The verbs are a general list plus the snapshot's own operations.
 */
final class ActionClauses {

    private static final Set<String> ACTION_VERBS = Set.of("access", "add", "analyze", "analyse", "apply",
            "assess", "audit", "book", "browse", "build", "buy", "calculate", "cancel", "change", "check",
            "classify", "collect", "compare", "compile", "compute", "configure", "connect", "convert", "count",
            "create", "decode", "decrypt", "define", "delete", "deploy", "describe", "design", "detect",
            "determine", "diagnose", "discover", "display", "download", "draft", "edit", "enable", "encode",
            "encrypt", "estimate", "evaluate", "execute", "explain", "explore", "export", "extract", "fetch",
            "filter", "find", "forecast", "gather", "generate", "get", "give", "help", "identify", "import",
            "inform", "inspect", "install", "investigate", "know", "learn", "list", "locate", "look", "lookup",
            "make", "measure", "monitor", "notify", "obtain", "open", "optimize", "order", "parse", "pay", "play",
            "plan", "post", "predict", "provide", "publish", "purchase", "query", "rank", "rate", "read",
            "recommend", "register", "remind", "remove", "research", "reserve", "retrieve", "return", "review",
            "run", "scan", "schedule", "search", "see", "send", "set", "share", "show", "simulate", "sort",
            "start", "stop", "submit", "suggest", "summarize", "summarise", "tell", "test", "track", "transfer",
            "translate", "understand", "update", "upload", "validate", "verify", "view", "write");
    private static final Set<String> QUESTION_STARTS = Set.of("what", "what's", "whats", "which", "who", "who's",
            "whom", "whose", "where", "where's", "when", "why", "how", "how's", "whether", "is", "are", "was", "were",
            "can", "could", "would", "will", "do", "does", "did", "should", "may", "has", "have");
    /** Words that open a clause without being its action: sequencing, courtesy, address. */
    private static final Set<String> LEAD_INS = Set.of("then", "next", "also", "finally", "lastly", "additionally",
            "furthermore", "moreover", "besides", "afterwards", "afterward", "subsequently", "and", "so", "now",
            "please", "kindly", "first", "firstly", "second", "secondly", "third", "thirdly", "just", "quickly",
            "too");
    /** Words a verb's object or complement starts with: "Move the robot", "Multiply two numbers", "Tell me". */
    private static final Set<String> OBJECT_STARTS = Set.of("the", "a", "an", "my", "me", "us", "our", "all", "some",
            "any", "this", "that", "these", "those", "its", "his", "her", "their", "each", "every", "both", "it",
            "them", "up", "out", "whether", "if", "how", "what", "which", "who", "where", "when", "two", "three",
            "several", "new", "current", "recent", "latest");
    /** Words a statement starts with: a clause opening with one of them is context unless it states a need. */
    private static final Set<String> STATEMENT_STARTS = Set.of("i", "i'm", "i've", "i'll", "we", "we're", "we've",
            "my", "our", "the", "this", "that", "these", "those", "it", "it's", "he", "she", "they", "there", "a",
            "an", "his", "her", "their", "its", "you", "your", "thanks", "thank", "hi", "hello");
    /**
     * Words that say nothing of what to do or about what: "Can you help me with that?" has no other
     * word, so it asks again for what the clause before it asked, it is not a second action.
     */
    private static final Set<String> EMPTY_WORDS = Set.of("can", "could", "would", "will", "you", "me", "i", "we",
            "it", "that", "this", "one", "ones", "those", "these", "them", "do", "does", "did", "is", "are", "be",
            "there", "any", "a", "an", "the", "for", "to", "with", "of", "in", "on", "by", "help", "assist", "please",
            "how", "what", "which", "where", "when", "why", "who", "some", "way", "ways", "option", "options", "best",
            "good", "more", "something", "anything", "find", "get", "show", "give", "provide", "tell", "suggest",
            "recommend", "my", "our", "your", "us", "out", "about", "have", "has", "should", "may", "might",
            "possible", "able", "know", "like", "want", "need", "also", "too", "and", "or", "so", "stay",
            "go", "start", "use", "make", "thanks", "thank", "here", "now", "there's", "what's", "it's", "that's");
    private static final int MIN_CONTENT_WORDS = 2;
    private static final Set<String> AUXILIARIES = Set.of("can", "could", "would", "will", "do", "does", "did",
            "should", "may", "has", "have");
    private static final Pattern NEED = Pattern.compile("^(?:i|we)"
            + "(?:'d|'m|'re| would| really| also| then| am| are| will)*"
            + " (?:like|love|want|wish|need|interested|looking for|have to|must|require)\\b"
            + "(?! (?:your|some) (?:help|assistance|support)\\b)");

    /** A condition or time clause before the action: "Once you have it, ...", "If it is available, ...". */
    private static final Pattern LEADING_CLAUSE = Pattern.compile("^(?:after|once|if|when|whenever|before|as soon as|"
            + "upon|in case|provided|assuming|depending on|as|to|for|in addition|based on|using|with)"
            + "\\b[^,]{0,80},\\s*",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}']+");

    private final Set<String> verbs;

    /** @param operations the snapshot's operation names ("search", "list"): their verbs count as actions too */
    ActionClauses(Collection<String> operations) {
        Set<String> all = new HashSet<>(ACTION_VERBS);
        operations.stream().map(o -> o.toLowerCase(Locale.ROOT)).filter(o -> o.matches("\\p{L}{3,}")).forEach(all::add);
        all.remove("call");
        this.verbs = Set.copyOf(all);
    }

    /**
     * Whether these words (an "and"'s right side, lead-ins removed) begin a new action: a known verb
     * with its object ("list his orders", "search for ...") or a question ("can you find ...").
     */
    boolean beginsAnAction(List<String> words) {
        return words.size() > 1 && (verbs.contains(words.get(0))
                && (OBJECT_STARTS.contains(words.get(1)) || words.get(1).equals("for"))
                || QUESTION_STARTS.contains(words.get(0)) && isQuestion(words));
    }

    /** Whether the clause names something to do or something to do it on, beyond courtesy and reference. */
    static boolean saysWhat(String clause) {
        return words(clause).stream().filter(word -> !EMPTY_WORDS.contains(word)).count() >= MIN_CONTENT_WORDS;
    }

    /** A known verb, or one with an ending: "explores", "analyzed", "comparing". */
    boolean isVerbForm(String word) {
        if (verbs.contains(word)) {
            return true;
        }
        for (String ending : List.of("s", "es", "d", "ed", "ing")) {
            if (word.endsWith(ending) && verbs.contains(word.substring(0, word.length() - ending.length()))) {
                return true;
            }
        }
        return word.endsWith("ing") && verbs.contains(word.substring(0, word.length() - 3) + "e");
    }

    boolean isAction(String clause) {
        String main = LEADING_CLAUSE.matcher(withoutLeadInText(clause)).replaceFirst("");
        return clause.endsWith("?") || startsAnAction(main)
                || NEED.matcher(String.join(" ", withoutLeadIns(words(main)))).find();
    }

    /** The clause from its first word that is not a connective or courtesy ("Then, once ..." -> "once ..."). */
    private static String withoutLeadInText(String clause) {
        Matcher word = WORD.matcher(clause);
        while (word.find()) {
            if (!LEAD_INS.contains(word.group().toLowerCase(Locale.ROOT))) {
                return clause.substring(word.start());
            }
        }
        return "";
    }

    private boolean startsAnAction(String text) {
        List<String> words = withoutLeadIns(words(text));
        if (words.isEmpty()) {
            return false;
        }
        String first = words.get(0);
        if (verbs.contains(first)) {
            return true;
        }
        if (QUESTION_STARTS.contains(first)) {
            return words.size() > 1 && isQuestion(words);
        }
        // A verb the list lacks still reads as one when an object follows it: "Activate the service".
        return words.size() > 1 && !STATEMENT_STARTS.contains(first) && first.chars().allMatch(Character::isLetter)
                && OBJECT_STARTS.contains(words.get(1));
    }

    /** "can you ...", "what is ...", "is there ...": a question word and a subject or verb after it. */
    static boolean isQuestion(List<String> words) {
        String first = words.get(0);
        if (AUXILIARIES.contains(first)) {
            return Set.of("you", "i", "we", "someone", "it", "they").contains(words.get(1));
        }
        if (Set.of("is", "are", "was", "were").contains(first)) {
            return Set.of("there", "it", "the", "my", "our", "this", "that", "any").contains(words.get(1));
        }
        return true;
    }

    static List<String> withoutLeadIns(List<String> words) {
        int skip = 0;
        while (skip < words.size() && LEAD_INS.contains(words.get(skip))) {
            skip++;
        }
        return words.subList(skip, words.size());
    }

    static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        Matcher word = WORD.matcher(text.toLowerCase(Locale.ROOT).replace('’', '\''));
        while (word.find()) {
            words.add(word.group());
        }
        return words;
    }
}
