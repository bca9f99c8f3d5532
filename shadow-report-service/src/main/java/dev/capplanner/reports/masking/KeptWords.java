package dev.capplanner.reports.masking;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Strict masking, deny by default: a word of free text is kept only when a vocabulary keeps it
 * (common words of several languages, function words, the tenant's capability words), whatever its
 * case or position; any other word becomes a typed pseudonym. A word the name lists know is masked
 * even when it is also a common word ("Rose", "Grant"), save the English function words, modals,
 * months and weekdays. Numbers shorter than an account number, ordinals and units ("3rd", "10am")
 * and business identifiers (letter codes of at most three letters with such numbers: "O-5002",
 * "INV-2024-17", "a1") are kept, so analysts still follow which order a plan asked about; any other
 * mix of letters and digits is masked. Linear in the text's length.
 */
public final class KeptWords {

    /** A number this long is an account or document number ({@link IdentifierNumberDetector}). */
    private static final int MIN_NUMBER_DIGITS_MASKED = IdentifierNumberDetector.MIN_DIGITS;
    private static final Pattern ORDINAL_OR_UNIT = Pattern.compile(
            "\\d{1,7}(?:st|nd|rd|th|am|pm|h|hr|hrs|min|mins|s|d|k|m|kb|mb|gb|kg|km|x|pc|pcs)");
    private static final String CONNECTORS = "'’-_./:";
    /** A date has eight digits but is no account number (a birth date is the detectors' to find, after its cue). */
    private static final Pattern DATE = Pattern.compile("\\d{4}[-/.]\\d{1,2}[-/.]\\d{1,2}|\\d{1,2}[-/.]\\d{1,2}[-/.]\\d{2,4}");
    /** Letters of a business identifier's code ("INV" in "INV-2024-17"): Latin, at most three ("田路1287号" is an address). */
    private static final Pattern CODE_LETTERS = Pattern.compile("[A-Za-z]{1,3}");
    /** Words the suite itself writes in planner notes and reasons ("llm plan corrected once"). */
    static final Set<String> SUITE_WORDS = Set.of("llm", "json", "api", "url", "http", "https", "mcp", "openapi", "jwt",
            "sql", "uuid", "id", "ids", "dedup", "ttl");

    private final Vocabulary vocabulary;
    private final Set<String> tenantWords;
    private final Set<String> capabilityNames;

    /**
     * @param tenantWords     lowercase words of the tenant's capabilities (entity, operation and parameter names,
     *                        enum values) and of its configured vocabulary
     * @param capabilityNames lowercase capability names, kept whole ("mark_invoice_paid")
     */
    public KeptWords(Vocabulary vocabulary, Set<String> tenantWords, Set<String> capabilityNames) {
        this.vocabulary = vocabulary;
        this.tenantWords = Set.copyOf(tenantWords);
        this.capabilityNames = Set.copyOf(capabilityNames);
    }

    /** The words of {@code text[from, to)} that may not be kept, as findings. */
    public List<Finding> unkept(CharSequence text, int from, int to) {
        List<Finding> found = new ArrayList<>();
        int at = from;
        while (at < to) {
            int codePoint = Character.codePointAt(text, at);
            if (!Character.isLetterOrDigit(codePoint)) {
                at += Character.charCount(codePoint);
                continue;
            }
            int end = tokenEnd(text, at, to);
            int decided = withoutPossessive(text, at, end);
            SensitiveKind kind = decide(text.subSequence(at, decided).toString());
            if (kind != null) {
                found.add(new Finding(at, decided, kind));
            }
            at = end;
        }
        return found;
    }

    /** Letters, digits and marks, joined by a connector only where a letter or digit follows it. */
    private static int tokenEnd(CharSequence text, int start, int to) {
        int at = start;
        while (at < to) {
            int codePoint = Character.codePointAt(text, at);
            int width = Character.charCount(codePoint);
            if (Character.isLetterOrDigit(codePoint) || isMark(codePoint)) {
                at += width;
            } else if (CONNECTORS.indexOf(codePoint) >= 0 && at + width < to
                    && Character.isLetterOrDigit(Character.codePointAt(text, at + width))) {
                at += width;
            } else {
                break;
            }
        }
        return at;
    }

    private static int withoutPossessive(CharSequence text, int start, int end) {
        if (end - start > 2 && (text.charAt(end - 2) == '\'' || text.charAt(end - 2) == '’')
                && (text.charAt(end - 1) == 's' || text.charAt(end - 1) == 'S')) {
            return end - 2;
        }
        return end;
    }

    /** The kind to mask the token as, or null to keep it. */
    SensitiveKind decide(String token) {
        String lower = token.toLowerCase(Locale.ROOT);
        if (capabilityNames.contains(lower)) {
            return null;
        }
        List<String> parts = parts(token);
        int digits = 0;
        boolean letters = false;
        for (String part : parts) {
            if (Character.isDigit(part.codePointAt(0))) {
                digits += part.length();
            } else {
                letters = true;
            }
        }
        if (!letters) {
            return digits < MIN_NUMBER_DIGITS_MASKED || DATE.matcher(lower).matches() ? null : SensitiveKind.ID_NUMBER;
        }
        if (digits > 0) {
            boolean code = digits < MIN_NUMBER_DIGITS_MASKED && parts.stream().allMatch(
                    part -> Character.isDigit(part.codePointAt(0)) || CODE_LETTERS.matcher(part).matches());
            return code || ORDINAL_OR_UNIT.matcher(lower).matches() ? null : SensitiveKind.VALUE;
        }
        SensitiveKind strongest = null;
        for (String part : parts) {
            SensitiveKind kind = decideWord(part.toLowerCase(Locale.ROOT));
            if (rank(kind) > rank(strongest)) {
                strongest = kind;
            }
        }
        return strongest;
    }

    private SensitiveKind decideWord(String word) {
        if (isInitial(word)) {
            return null; // an initial or a letter alone names nobody
        }
        Vocabulary.WordClass wordClass = vocabulary.classify(word);
        String plain = withoutAccents(word);
        if (!plain.equals(word) && wordClass != Vocabulary.WordClass.FUNCTION) {
            // "Müller", "José": the census lists are written without accents. Only a name is read this way: "fárá"
            // is not kept because a list has "fara".
            Vocabulary.WordClass plainClass = vocabulary.classify(plain);
            if (plainClass == Vocabulary.WordClass.PERSON || plainClass == Vocabulary.WordClass.PROPER_NOUN) {
                wordClass = plainClass;
            }
        }
        return switch (wordClass) {
            case FUNCTION, COMMON -> null;
            case PERSON -> SensitiveKind.PERSON;
            case PROPER_NOUN -> SensitiveKind.NAME;
            case UNKNOWN -> tenantWords.contains(word) || SUITE_WORDS.contains(word) ? null : SensitiveKind.WORD;
        };
    }

    /** One letter of an alphabet; in the scripts where one character is a word or a name ("伟", "민") it is not. */
    private static boolean isInitial(String word) {
        if (word.codePointCount(0, word.length()) != 1) {
            return false;
        }
        Character.UnicodeScript script = Character.UnicodeScript.of(word.codePointAt(0));
        return script == Character.UnicodeScript.LATIN || script == Character.UnicodeScript.GREEK
                || script == Character.UnicodeScript.CYRILLIC;
    }

    private static int rank(SensitiveKind kind) {
        if (kind == null) {
            return 0;
        }
        return switch (kind) {
            case PERSON -> 3;
            case NAME -> 2;
            default -> 1;
        };
    }

    /** Runs of letters (split where a lowercase letter meets a capital: "customerId") and runs of digits. */
    static List<String> parts(String token) {
        List<String> parts = new ArrayList<>();
        int start = -1;
        int previous = 0;
        for (int at = 0; at < token.length(); ) {
            int codePoint = token.codePointAt(at);
            int width = Character.charCount(codePoint);
            boolean letter = Character.isLetter(codePoint) || isMark(codePoint);
            boolean digit = Character.isDigit(codePoint);
            boolean boundary = start >= 0 && ((!letter && !digit)
                    || (letter && Character.isDigit(previous)) || (digit && !Character.isDigit(previous))
                    || (Character.isUpperCase(codePoint) && Character.isLowerCase(previous)));
            if (boundary) {
                parts.add(token.substring(start, at));
                start = -1;
            }
            if ((letter || digit) && start < 0) {
                start = at;
            }
            previous = codePoint;
            at += width;
        }
        if (start >= 0) {
            parts.add(token.substring(start));
        }
        return parts;
    }

    private static boolean isMark(int codePoint) {
        int type = Character.getType(codePoint);
        return type == Character.NON_SPACING_MARK || type == Character.COMBINING_SPACING_MARK
                || type == Character.ENCLOSING_MARK;
    }

    private static String withoutAccents(String word) {
        String decomposed = Normalizer.normalize(word, Normalizer.Form.NFD);
        StringBuilder plain = new StringBuilder(decomposed.length());
        for (int at = 0; at < decomposed.length(); at++) {
            char c = decomposed.charAt(at);
            if (Character.getType(c) != Character.NON_SPACING_MARK) {
                plain.append(c);
            }
        }
        return plain.toString();
    }
}
