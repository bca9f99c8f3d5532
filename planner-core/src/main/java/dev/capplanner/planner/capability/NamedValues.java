package dev.capplanner.planner.capability;

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
 *   <li>joined as the endpoint's path joins them: "rails/rails" for {@code /repos/{owner}/{repo}};</li>
 *   <li>a number after the words of the parameter's name: "issue 1234" for {@code issue_number},
 *       "pull request 5678" for {@code pull_number};</li>
 *   <li>an identifier beside a word of the parameter's name: "user torvalds" for {@code username},
 *       "tagged v1.2.0" for {@code tag}, "the github organization" for {@code org}.</li>
 * </ul>
 * Only a value written in the question is taken, never one guessed from the name alone.
 */
final class NamedValues {

    private static final Pattern JOINED = Pattern.compile(
            "(?<![\\p{Alnum}_./:@-])([A-Za-z0-9][A-Za-z0-9_.-]*)/([A-Za-z0-9][A-Za-z0-9_.-]*)(?![\\p{Alnum}_/-])");
    private static final Pattern PATH_PAIR = Pattern.compile("\\{([^{}/]+)}/\\{([^{}/]+)}");
    private static final Pattern NUMBER = Pattern.compile("(?<![\\p{Alnum}.#-])#?(\\d{1,12})(?![\\p{Alnum}-]|\\.\\d)");
    private static final Pattern TOKEN = Pattern.compile("\\S+");
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]*");
    /** Words in a parameter's name that say nothing about what it identifies. */
    private static final Set<String> GENERIC = Set.of("number", "id", "no", "num", "nr", "identifier", "index", "key",
            "code", "ref");
    /** Words that may sit between a name word and its number: "issue number 12", "pull request #5". */
    private static final Set<String> BETWEEN = Set.of("number", "no", "nr", "num", "id", "request", "#");
    private static final Set<String> NOT_VALUES = Set.of("the", "a", "an", "of", "for", "on", "in", "at", "by", "to",
            "from", "with", "who", "whom", "whose", "which", "that", "this", "these", "those", "and", "or", "is", "are",
            "was", "were", "be", "has", "have", "had", "it", "its", "their", "his", "her", "my", "our", "your", "me",
            "us", "them", "what", "where", "when", "how", "why", "all", "any", "some", "every", "each", "named",
            "called", "account", "profile", "details", "please", "do", "does", "did", "not", "no", "yes", "own", "owns");

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
            Matcher joined = JOINED.matcher(question);
            while (joined.find()) {
                String left = joined.group(1);
                String right = joined.group(2).replaceAll("\\.+$", "");
                if (hasLetter(left) && hasLetter(right) && !right.isEmpty()) {
                    return Optional.of(side == 1 ? left : right);
                }
            }
        }
        return Optional.empty();
    }

    /** A whole number written after a word of the parameter's name (or of the tool's entity). */
    static Optional<Object> numberNamedBy(String parameter, Map<String, Object> schema, String entity,
                                          String question) {
        List<String> naming = nameWords(parameter);
        if (naming.isEmpty() && entity != null) {
            naming = List.of(entity.toLowerCase(Locale.ROOT).split("\\s+"));
        }
        if (naming.isEmpty()) {
            return Optional.empty();
        }
        Matcher number = NUMBER.matcher(question);
        while (number.find()) {
            List<String> before = wordsBefore(question, number.start(), 4);
            for (String word : before) {
                if (naming.contains(singular(word))) {
                    long value = Long.parseLong(number.group(1));
                    if (within(value, schema)) {
                        return Optional.of(value);
                    }
                    break;
                }
                if (!BETWEEN.contains(word)) {
                    break;
                }
            }
        }
        return Optional.empty();
    }

    /** An identifier written beside a word that names the parameter: after it, else before it. */
    static Optional<Object> identifierNamedBy(String parameter, String question) {
        String name = parameter.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
        List<String> tokens = new ArrayList<>();
        Matcher token = TOKEN.matcher(question);
        while (token.find()) {
            tokens.add(token.group().replaceAll("^[\"'“(]+|[\"'”),;:?!.]+$", ""));
        }
        for (int i = 0; i < tokens.size(); i++) {
            String word = tokens.get(i).toLowerCase(Locale.ROOT);
            if (!namesParameter(word, name)) {
                continue;
            }
            for (int j : new int[] {i + 1, i - 1}) {
                if (j >= 0 && j < tokens.size() && value(tokens.get(j))) {
                    return Optional.of(tokens.get(j));
                }
            }
        }
        return Optional.empty();
    }

    private static boolean namesParameter(String word, String name) {
        if (word.length() < 3 || name.length() < 3) {
            return false;
        }
        return word.equals(name) || name.startsWith(word) || word.startsWith(name);
    }

    private static boolean value(String token) {
        return IDENTIFIER.matcher(token).matches() && !NOT_VALUES.contains(token.toLowerCase(Locale.ROOT));
    }

    /** "issue_number" -> [issue], "pullNumber" -> [pull]: the words of a name that say what it identifies. */
    static List<String> nameWords(String parameter) {
        List<String> words = new ArrayList<>();
        for (String word : parameter.replaceAll("([a-z0-9])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT)
                .split("[^a-z0-9]+")) {
            if (!word.isEmpty() && !GENERIC.contains(word)) {
                words.add(singular(word));
            }
        }
        return words;
    }

    private static List<String> wordsBefore(String question, int end, int count) {
        String[] words = question.substring(0, end).toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}#]+");
        List<String> before = new ArrayList<>();
        for (int i = words.length - 1; i >= 0 && before.size() < count; i--) {
            if (!words[i].isEmpty()) {
                before.add(words[i]);
            }
        }
        return before;
    }

    private static boolean within(long value, Map<String, Object> schema) {
        return (!(schema.get("minimum") instanceof Number min) || value >= min.doubleValue())
                && (!(schema.get("maximum") instanceof Number max) || value <= max.doubleValue());
    }

    private static boolean hasLetter(String text) {
        return text.chars().anyMatch(Character::isLetter);
    }

    private static String singular(String word) {
        return word.length() > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.substring(0, word.length() - 1)
                : word;
    }
}
