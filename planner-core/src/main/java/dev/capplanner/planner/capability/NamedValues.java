package dev.capplanner.planner.capability;

import dev.capplanner.contracts.entities.EntityWords;
import dev.capplanner.contracts.entities.NumberedRecords;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Values a question gives for parameters that declare no pattern to find them by, read the way
 * people write them:
 * <ul>
 *   <li>joined as the endpoint's path joins them: "rails/rails" for {@code /repos/{owner}/{repo}}
 *       (one such pair in the question; "and/or" is no pair), or as a web page's address writes them
 *       ("https://github.com/rails/rails"), or, when neither is written, "the repo rails of rails";</li>
 *   <li>a number after the words of the parameter's name: "issue 1234" for {@code issue_number},
 *       "pull request 5678" and "PR #5678" for {@code pull_number};</li>
 *   <li>an identifier right after the word the parameter is named by, ending its phrase: "user
 *       torvalds" for {@code username}, "tagged v1.2.0" for {@code tag}; or right before it when that
 *       word ends the phrase ("the github organization" for {@code org}); an account as the possessive
 *       of the records it owns ("defunkt's gists" for {@code username}).</li>
 * </ul>
 * Only a value written in the question is taken, never one guessed from the name alone; a word the
 * capability itself uses (its entity, its parameters, its description: "members" for an
 * organization's members) is no value.
 */
final class NamedValues {

    private static final Pattern JOINED = Pattern.compile(
            "(?<![\\p{Alnum}_./:@-])([A-Za-z0-9][A-Za-z0-9_.-]*)/([A-Za-z0-9][A-Za-z0-9_.-]*)(?![\\p{Alnum}_/-])");
    /** Adjacent path parameters, overlapping pairs included ({@code /{a}/{b}/{c}}: a/b and b/c). */
    private static final Pattern PATH_PAIR = Pattern.compile("(?=\\{([^{}/]+)}/\\{([^{}/]+)})");
    /** A web address with a host and at least two path segments: "https://github.com/apache/spark". */
    private static final Pattern ADDRESS = Pattern.compile("(?<![\\p{Alnum}_.@/-])(?:https?://)?"
            + "([A-Za-z0-9-]{1,63}(?:\\.[A-Za-z0-9-]{1,63}){0,7}\\.[A-Za-z]{2,63})"
            + "/([A-Za-z0-9][A-Za-z0-9_.-]{0,99})/([A-Za-z0-9][A-Za-z0-9_.-]{0,99})");
    /** First path segments of a web address that name a kind of page, not an owner ("github.com/orgs/apache"). */
    private static final Set<String> NOT_OWNERS = Set.of("repos", "orgs", "users", "groups", "projects", "api",
            "v1", "v2", "v3", "search", "settings", "explore", "topics", "marketplace", "sponsors");
    private static final Pattern TOKEN = Pattern.compile("\\S+");
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]*");
    /** Pairs written with a slash that are words, not an owner and a name. */
    private static final Set<String> SLASHED_WORDS = Set.of("and", "or", "either", "yes", "no", "he", "she", "his",
            "her", "him", "read", "write", "on", "off", "w", "o", "s", "n", "a");
    /** The words a parameter is written after, beyond its own name: "user torvalds" for username. */
    private static final Map<String, Set<String>> NAMED_BY = Map.of(
            "username", Set.of("user", "username", "login", "handle"),
            "user", Set.of("user", "username", "login", "handle"),
            "org", Set.of("org", "organization", "organisation"),
            "repo", Set.of("repo", "repository"),
            "tag", Set.of("tag", "tagged"),
            "owner", Set.of("owner"));
    /** Words that are never the value beside a naming word: grammar, or words of a request. */
    private static final Set<String> NOT_VALUES = Set.of("the", "a", "an", "of", "for", "on", "in", "at", "by", "to",
            "from", "with", "who", "whom", "whose", "which", "that", "this", "these", "those", "and", "or", "is", "are",
            "was", "were", "be", "has", "have", "had", "it", "its", "their", "his", "her", "my", "our", "your", "me",
            "us", "them", "what", "where", "when", "how", "why", "all", "any", "some", "every", "each", "named",
            "called", "account", "profile", "details", "please", "do", "does", "did", "not", "no", "yes", "own", "owns",
            "open", "closed", "public", "private", "new", "latest", "last", "first", "default", "current", "newest",
            "oldest", "recent", "previous", "next", "same", "other", "whole", "entire", "specific", "given", "certain");
    private static final Set<String> PHRASE_ENDS = Set.of("in", "of", "on", "for", "from", "at", "with", "and", "or",
            "'s", "’s");

    private NamedValues() {
    }

    /** The part of a value written "a/b" that fills this parameter, when the path joins it with a neighbour. */
    static Optional<Object> joinedInPath(String path, String parameter, String question) {
        if (path == null) {
            return Optional.empty();
        }
        Matcher pair = PATH_PAIR.matcher(path);
        while (pair.find()) {
            int side = pair.group(1).equals(parameter) ? 1 : pair.group(2).equals(parameter) ? 2 : 0;
            if (side == 0) {
                continue;
            }
            List<String[]> pairs = new ArrayList<>();
            Matcher joined = JOINED.matcher(question);
            while (joined.find()) {
                addPair(pairs, joined.group(1), joined.group(2));
            }
            // "https://github.com/apache/spark": a web page's first two path segments; not an API's
            // address, whose path is an endpoint ("api.github.com/repos/..."), nor a kind of page ("orgs/").
            Matcher address = ADDRESS.matcher(question);
            while (address.find()) {
                boolean page = !address.group(1).toLowerCase(Locale.ROOT).startsWith("api.")
                        && !NOT_OWNERS.contains(address.group(2).toLowerCase(Locale.ROOT));
                if (page) {
                    addPair(pairs, address.group(2), address.group(3));
                }
            }
            // "the repo numpy of numpy": the second named by its word, then "of" the first; only when
            // nothing else gives the pair, so a phrase of words never cancels one written with a slash.
            Matcher ofPhrase = namedOf(pair.group(2)).matcher(question);
            while (pairs.isEmpty() && ofPhrase.find()) {
                addPair(pairs, ofPhrase.group(2), ofPhrase.group(1));
            }
            // Two different pairs: which one is the user's to say.
            if (pairs.stream().map(p -> p[0] + "/" + p[1]).distinct().count() == 1) {
                return Optional.of(pairs.get(0)[side - 1]);
            }
            return Optional.empty();
        }
        return Optional.empty();
    }

    private static void addPair(List<String[]> pairs, String left, String rawRight) {
        String right = rawRight.replaceAll("\\.+$", "").replaceAll("\\.git$", "");
        if (hasLetter(left) && hasLetter(right) && !SLASHED_WORDS.contains(left.toLowerCase(Locale.ROOT))
                && !SLASHED_WORDS.contains(right.toLowerCase(Locale.ROOT))
                && !NOT_VALUES.contains(left.toLowerCase(Locale.ROOT))
                && !NOT_VALUES.contains(right.toLowerCase(Locale.ROOT))) {
            pairs.add(new String[] {left, right});
        }
    }

    /**
     * "repo numpy of numpy", "repository next.js from vercel": a value after the word that names the
     * path's second parameter, then "of", "from" or "by" and the first parameter's value.
     */
    private static Pattern namedOf(String second) {
        String key = second.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
        // A parameter's name comes from a remote document: quoted, and only the known names are kept compiled.
        Set<String> words = NAMED_BY.getOrDefault(key, Set.of(second.toLowerCase(Locale.ROOT)));
        String naming = String.join("|", new java.util.TreeSet<>(words).stream().map(Pattern::quote).toList());
        return NAMED_BY.containsKey(key) ? OF_PHRASES.computeIfAbsent(key, k -> ofPhrase(naming)) : ofPhrase(naming);
    }

    private static Pattern ofPhrase(String naming) {
        return Pattern.compile("(?i)(?<![\\p{Alnum}])(?:" + naming + ")\\s+([A-Za-z0-9][A-Za-z0-9_.-]*[A-Za-z0-9])"
                        + "\\s+(?:of|from|by|owned\\s+by)"
                        + "\\s+(?:the\\s+)?(?:(?:user|org|organization|organisation|owner|account)\\s+)?"
                        + "([A-Za-z0-9][A-Za-z0-9_.-]*[A-Za-z0-9])(?![\\p{Alnum}_/-])");
    }

    private static final Map<String, Pattern> OF_PHRASES = new java.util.concurrent.ConcurrentHashMap<>();

    /** A whole number written after a word of the parameter's name (or of the tool's entity): {@link NumberedRecords}. */
    static Optional<Object> numberNamedBy(String parameter, Map<String, Object> schema, String entity,
                                          String question) {
        return NumberedRecords.numberNamedBy(parameter, schema, entity, question).map(number -> number);
    }

    /** An identifier written beside the word that names the parameter (see the class comment). */
    static Optional<Object> identifierNamedBy(String parameter, String question, Set<String> ownWords) {
        Set<String> naming = namingWords(parameter);
        List<String> tokens = new ArrayList<>();
        Matcher token = TOKEN.matcher(question);
        while (token.find()) {
            tokens.add(token.group());
        }
        for (int i = 0; i < tokens.size(); i++) {
            String word = bare(tokens.get(i)).toLowerCase(Locale.ROOT);
            if (!naming.contains(word)) {
                continue;
            }
            if (i + 1 < tokens.size() && value(tokens.get(i + 1), ownWords) && endsPhrase(tokens, i + 1)) {
                return Optional.of(bare(tokens.get(i + 1)));
            }
            if (i > 0 && endsPhrase(tokens, i) && value(tokens.get(i - 1), ownWords)) {
                return Optional.of(bare(tokens.get(i - 1)));
            }
        }
        return Optional.empty();
    }

    /**
     * "the v1.0.0 release", "the 3f2a9c1 commit": the value that picks one record, written right
     * before its entity's word or a word of its path ({@code /releases/tags/{tag}}), for the one input
     * of a record's reader that nothing else fills; two such values say nothing. Only a
     * token with a digit and a letter or a dot (a version, a hash, a code), so that a describing word
     * ("the default branch") or a count ("the 3 releases") is never taken.
     */
    static Optional<Object> valueBeforeEntity(String entity, String path, String question, Set<String> ownWords) {
        if (entity == null || entity.isBlank()) {
            return Optional.empty();
        }
        Set<String> heads = new java.util.HashSet<>();
        heads.add(EntityWords.singular(EntityWords.head(entity)));
        // "/repos/{owner}/{repo}/releases/tags/{tag}": a release picked by its tag is written "the v1.0.0 release".
        for (String segment : (path == null ? "" : path).split("/")) {
            if (!segment.isEmpty() && !segment.contains("{") && segment.matches("[A-Za-z]+")) {
                heads.add(EntityWords.singular(segment.toLowerCase(Locale.ROOT)));
            }
        }
        List<String> tokens = new ArrayList<>();
        Matcher token = TOKEN.matcher(question);
        while (token.find()) {
            tokens.add(token.group());
        }
        List<String> found = new ArrayList<>();
        for (int i = 0; i + 1 < tokens.size(); i++) {
            String candidate = bare(tokens.get(i));
            boolean coded = candidate.chars().anyMatch(Character::isDigit)
                    && candidate.chars().anyMatch(c -> Character.isLetter(c) || c == '.')
                    && !ORDINAL.matcher(candidate).matches();
            if (coded && !tokens.get(i).matches(".*[,;:?!)\"”]$") && value(tokens.get(i), ownWords)
                    && heads.contains(EntityWords.singular(bare(tokens.get(i + 1)).toLowerCase(Locale.ROOT)))
                    && !found.contains(candidate)) {
                found.add(candidate);
            }
        }
        return found.size() == 1 ? Optional.of(found.get(0)) : Optional.empty();
    }

    /**
     * The words a parameter is written beside: its name, the words listed for it, and for a name
     * that ends in a word saying what kind of key it is ({@code team_slug}, {@code workflow_id},
     * {@code environment_name}) the word of what it identifies ("the tsc team", "the ci.yml
     * workflow", "the production environment").
     */
    private static Set<String> namingWords(String parameter) {
        String lower = parameter.toLowerCase(Locale.ROOT);
        Set<String> listed = NAMED_BY.get(lower.replaceAll("[^a-z0-9]", ""));
        if (listed != null) {
            return listed;
        }
        String[] words = parameter.replaceAll("([a-z0-9])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT)
                .split("[^a-z0-9]+");
        if (words.length == 2 && KEY_KINDS.contains(words[1]) && words[0].length() > 1) {
            return Set.of(lower, words[0]);
        }
        return Set.of(lower);
    }

    /** "the 2nd release": a place in an order, not a value. */
    private static final Pattern ORDINAL = Pattern.compile("\\d+(?:st|nd|rd|th)", Pattern.CASE_INSENSITIVE);

    /** The last word of a parameter's name that says what kind of key it holds, not what it identifies. */
    private static final Set<String> KEY_KINDS = Set.of("slug", "id", "name", "key", "handle", "ref");

    /**
     * "list defunkt's gists": the owner of the records a capability lists, written as a possessive
     * right before its entity's word or one describing word before it, for a parameter that names an
     * account ({@code username}, {@code user}, {@code login}, {@code owner}, {@code org}). One token, never
     * a possessive that names no account ("let's", "today's").
     */
    static Optional<Object> possessiveOwner(String parameter, String entity, String question, Set<String> ownWords) {
        String key = parameter.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
        if (entity == null || entity.isBlank() || !ACCOUNTS.contains(key)) {
            return Optional.empty();
        }
        String head = singular(entity.toLowerCase(Locale.ROOT).substring(entity.lastIndexOf(' ') + 1));
        List<String> tokens = new ArrayList<>();
        Matcher token = TOKEN.matcher(question);
        while (token.find()) {
            tokens.add(token.group());
        }
        for (int i = 0; i + 1 < tokens.size(); i++) {
            String word = bare(tokens.get(i)).toLowerCase(Locale.ROOT);
            if (!tokens.get(i).matches(".+['’]s") || !value(tokens.get(i), ownWords) || NOT_OWNERS_WORDS.contains(word)) {
                continue;
            }
            // Right before the entity's word, or one describing word between ("defunkt's public gists").
            for (int next = i + 1; next < Math.min(tokens.size(), i + 3); next++) {
                if (singular(bare(tokens.get(next)).toLowerCase(Locale.ROOT)).equals(head)) {
                    return Optional.of(bare(tokens.get(i)));
                }
            }
        }
        return Optional.empty();
    }

    /** Possessives that name no account: "let's", "today's", "everyone's". */
    private static final Set<String> NOT_OWNERS_WORDS = Set.of("let", "today", "yesterday", "tomorrow", "everyone",
            "everybody", "someone", "somebody", "anyone", "anybody", "nobody", "one", "it", "that", "what", "who",
            "there", "here", "he", "she", "this", "week", "month", "year", "team", "company", "user", "owner");

    /** Parameters that name an account whose records a capability reads. */
    private static final Set<String> ACCOUNTS = Set.of("username", "user", "owner", "org", "login");

    /** Whether the token at {@code index} ends its phrase: the question, a clause, a preposition or "'s" next. */
    private static boolean endsPhrase(List<String> tokens, int index) {
        String token = tokens.get(index);
        if (index + 1 == tokens.size() || token.matches(".*[,;:?!.)\"”]$") || token.matches(".*['’]s$")) {
            return true;
        }
        return PHRASE_ENDS.contains(bare(tokens.get(index + 1)).toLowerCase(Locale.ROOT));
    }

    private static String bare(String token) {
        return token.replaceAll("^[\"'“(]+|[\"'”),;:?!.]+$", "").replaceAll("['’]s$", "");
    }

    private static boolean value(String token, Set<String> ownWords) {
        String bare = bare(token);
        String lower = bare.toLowerCase(Locale.ROOT);
        return IDENTIFIER.matcher(bare).matches() && !NOT_VALUES.contains(lower) && !ownWords.contains(lower)
                && !ownWords.contains(singular(lower));
    }

    /** The words of a parameter's name that say what it identifies ({@link NumberedRecords#nameWords}). */
    static List<String> nameWords(String parameter) {
        return NumberedRecords.nameWords(parameter);
    }

    private static boolean hasLetter(String text) {
        return text.chars().anyMatch(Character::isLetter);
    }

    private static String singular(String word) {
        return word.length() > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.substring(0, word.length() - 1)
                : word;
    }
}
