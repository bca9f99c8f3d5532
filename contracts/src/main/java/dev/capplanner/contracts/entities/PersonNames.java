package dev.capplanner.contracts.entities;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A person's name as a question writes it, and the parameters that take one. The planner binds the
 * name to such a parameter ("Show the orders for Riccardo Lorini" gives {@code name}); the router
 * routes the finder that takes it when the rankers left it out. One rule for both, decided here.
 */
public final class PersonNames {

    /** Words that open a request or a question: capitalized by their place, not names. */
    private static final Set<String> SENTENCE_OPENERS = Set.of("show", "list", "find", "get",
            "give", "tell", "track", "display", "fetch", "look", "check", "search", "open", "print", "send", "pull",
            "bring", "what", "which", "who", "whom", "whose", "where", "when", "why", "how", "is", "are", "was",
            "were", "do", "does", "did", "has", "have", "had", "can", "could", "would", "will", "should", "please",
            "any", "all", "the", "a", "an", "my", "our", "hey", "hi", "hello", "and", "or", "but", "also", "then",
            "now", "so", "i", "we", "need", "want", "see", "lookup", "retrieve", "view");

    /** Capitalized words ("O'Brien", "Anne-Marie", "Conti's"), not an identifier's letters ("T-1024"). */
    private static final String CAPITALIZED_WORD = "[A-Z]\\p{L}+(?:['’-]\\p{L}+)*(?:['’]s)?(?![\\p{L}\\p{N}'’-])";
    private static final Pattern CAPITALIZED_RUN = Pattern.compile(
            "(?<![\\p{L}\\p{N}-])(" + CAPITALIZED_WORD + "(?:\\s+" + CAPITALIZED_WORD + ")+)");

    /** The words before "name" in a parameter's name that make it a person's: "first_name", "fullName". */
    private static final Set<String> PERSON_NAME_PARTS = Set.of("", "first", "last", "full", "given", "family",
            "middle", "sur");

    /** "username", "screen_name", "accountName": an account's handle, not what a person is called. */
    private static final Set<String> HANDLES = Set.of("user", "login", "screen", "nick", "account", "profile");

    private PersonNames() {
    }

    /**
     * The first run of two or more capitalized words; at the start of a sentence its first word is
     * left out when it is a word that opens requests and questions ("Show Anna Conti's orders", "Does
     * Marco Rossi ...") rather than a name ("Lorenzo Moretti's orders").
     */
    public static Optional<String> in(String question) {
        if (question == null) {
            return Optional.empty();
        }
        Matcher matcher = CAPITALIZED_RUN.matcher(question);
        while (matcher.find()) {
            String[] words = matcher.group(1).split("\\s+");
            if (startsSentence(question, matcher.start()) && SENTENCE_OPENERS.contains(words[0].toLowerCase(Locale.ROOT))) {
                if (words.length < 3) {
                    continue;
                }
                words = Arrays.copyOfRange(words, 1, words.length);
            }
            return Optional.of(String.join(" ", words).replaceAll("['’]s$", ""));
        }
        return Optional.empty();
    }

    /**
     * A parameter that holds a person's name: {@code name}, {@code first_name}, {@code customerName} (what
     * comes before "name" is a part of a name or a person, {@link PersonEntities}); not {@code username},
     * {@code filename}, {@code secret_name}, nor an account's handle ({@code username}, {@code screen_name}).
     */
    public static boolean isPersonNameParameter(String parameter) {
        String name = parameter.toLowerCase(Locale.ROOT).replaceAll("[^a-z]", "");
        if (!name.endsWith("name")) {
            return false;
        }
        String before = name.substring(0, name.length() - "name".length());
        return PERSON_NAME_PARTS.contains(before) || PersonEntities.isPerson(before) && !HANDLES.contains(before);
    }

    /** Whether only white space lies between the sentence's end (or the question's start) and {@code index}. */
    private static boolean startsSentence(String question, int index) {
        int before = index - 1;
        while (before >= 0 && Character.isWhitespace(question.charAt(before))) {
            before--;
        }
        return before < 0 || ".?!;:".indexOf(question.charAt(before)) >= 0;
    }
}
