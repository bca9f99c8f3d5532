package dev.capplanner.reports.masking;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Person names in free text: runs of two to four capitalized words (name particles such as "di" or
 * "van" may sit between them) where the first word is a known first name, or the last a known last
 * name, or a cue comes right before ("Mr", "customer", "for", ...). A title cue also marks a single
 * capitalized word. Words that open questions ("Show", "Where") are not names.
 */
public final class PersonNameDetector implements Detector {

    private static final Set<String> PARTICLES = Set.of("de", "di", "da", "del", "della", "van", "von", "der", "den",
            "la", "le", "du", "dos", "das", "bin", "al", "ter", "zu");
    private static final Set<String> TITLES = Set.of("mr", "mrs", "ms", "miss", "dr", "prof", "sig", "sig.ra", "herr",
            "frau", "mme", "mlle", "sr", "sra", "mr.", "mrs.", "ms.", "dr.", "prof.", "sig.");
    private static final Set<String> CUES = Set.of("customer", "client", "for", "of", "named", "called", "user",
            "contact", "cliente", "kunde", "by", "from", "to", "with", "about", "and");
    private static final Set<String> NOT_NAMES = Set.of("show", "where", "what", "which", "who", "when", "why", "how",
            "list", "find", "get", "give", "tell", "please", "the", "a", "an", "is", "are", "can", "could", "would",
            "order", "orders", "customer", "customers", "invoice", "invoices", "status", "my", "our", "your", "hi",
            "hello", "thanks", "dear", "i", "we", "and", "or", "for", "of", "in", "on", "at", "to", "from", "with",
            "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january", "february",
            "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
            "api", "id", "ok", "yes", "no", "not", "insufficient", "answered", "denied", "failed", "route", "plan",
            "classic", "capability", "shadow", "search", "detail", "details", "shipment", "ticket", "payment");

    private final NameDictionary names;

    public PersonNameDetector(NameDictionary names) {
        this.names = names;
    }

    /** It reads capitalized words only. */
    @Override
    public boolean mayFind(TextTraits traits) {
        return traits.upperCase() > 0;
    }

    @Override
    public List<Finding> find(CharSequence text) {
        List<Word> words = words(text);
        List<Finding> found = new ArrayList<>();
        int i = 0;
        while (i < words.size()) {
            if (!candidate(words.get(i))) {
                i++;
                continue;
            }
            int end = runEnd(text, words, i);
            Finding name = decide(words, i, end);
            if (name != null) {
                found.add(name);
            }
            i = end + 1;
        }
        return found;
    }

    /** The last index of the run of capitalized words (with particles between) starting at {@code start}. */
    private int runEnd(CharSequence text, List<Word> words, int start) {
        int end = start;
        int j = start + 1;
        while (j < words.size() && j - start < 6 && singleSpace(text, words.get(j - 1), words.get(j))) {
            Word word = words.get(j);
            if (capitalized(word) && !word.sentenceEnd()) {
                end = j;
                j++;
            } else if (PARTICLES.contains(word.lower()) && j + 1 < words.size() && capitalized(words.get(j + 1))) {
                j++;
            } else {
                break;
            }
        }
        if (capitalized(words.get(end)) && end > start && words.get(end - 1).sentenceEnd()) {
            return end - 1;
        }
        return end;
    }

    private Finding decide(List<Word> words, int start, int end) {
        int first = start;
        boolean titled = false;
        while (first <= end && (NOT_NAMES.contains(words.get(first).bare()) || isTitle(words.get(first).lower()))) {
            titled = isTitle(words.get(first).lower());
            first++;
        }
        if (first > end) {
            return null;
        }
        String before = first > 0 ? words.get(first - 1).lower() : "";
        boolean title = titled || isTitle(before);
        boolean several = end > first;
        boolean cued = title || CUES.contains(before.replace(".", ""));
        Word head = words.get(first);
        Word tail = words.get(end);
        boolean known = names.isFirstName(head.bare()) || names.isLastName(tail.bare())
                || (several && names.isLastName(head.bare()));
        if ((several && (known || cued)) || (title && !NOT_NAMES.contains(head.bare()))) {
            return new Finding(head.start(), tail.endWithoutPossessive(), SensitiveKind.PERSON);
        }
        return null;
    }

    private static boolean isTitle(String word) {
        return TITLES.contains(word) || TITLES.contains(word.replace(".", ""));
    }

    private static boolean candidate(Word word) {
        return capitalized(word);
    }

    private static boolean capitalized(Word word) {
        String text = word.text();
        if (text.length() < 2 || !Character.isUpperCase(text.charAt(0))) {
            return false;
        }
        for (int at = 1; at < text.length(); at++) {
            if (Character.isLowerCase(text.charAt(at))) {
                return true;
            }
        }
        return false;
    }

    private static boolean singleSpace(CharSequence text, Word previous, Word next) {
        return next.start() - previous.end() == 1 && text.charAt(previous.end()) == ' ';
    }

    /**
     * Words as {@code \p{L}[\p{L}'’-]*\.?} reads them: a letter, then letters, apostrophes and hyphens,
     * then a full stop if one follows. One pass, no pattern (a report has dozens of texts).
     */
    private static List<Word> words(CharSequence text) {
        List<Word> words = new ArrayList<>();
        int length = text.length();
        int at = 0;
        while (at < length) {
            int codePoint = Character.codePointAt(text, at);
            if (!Character.isLetter(codePoint)) {
                at += Character.charCount(codePoint);
                continue;
            }
            int start = at;
            at += Character.charCount(codePoint);
            while (at < length) {
                int next = Character.codePointAt(text, at);
                if (!Character.isLetter(next) && next != '\'' && next != '’' && next != '-') {
                    break;
                }
                at += Character.charCount(next);
            }
            if (at < length && text.charAt(at) == '.') {
                at++;
            }
            String word = text.subSequence(start, at).toString();
            words.add(new Word(word, start, at, word.toLowerCase(Locale.ROOT)));
        }
        return words;
    }

    /** A word, where it is, and its lowercase form (looked up several times). */
    private record Word(String text, int start, int end, String lower) {

        /** Lowercase, without a possessive or a full stop. */
        String bare() {
            return withoutPossessiveOrStop(lower());
        }

        boolean sentenceEnd() {
            return text.endsWith(".") && !TITLES.contains(lower());
        }

        int endWithoutPossessive() {
            return start + withoutPossessiveOrStop(text).length();
        }

        /** Without a final "'s" (lower-case s), then without a final full stop. */
        private static String withoutPossessiveOrStop(String word) {
            int end = word.length();
            if (end >= 2 && word.charAt(end - 1) == 's' && (word.charAt(end - 2) == '\'' || word.charAt(end - 2) == '’')) {
                end -= 2;
            }
            if (end >= 1 && word.charAt(end - 1) == '.') {
                end--;
            }
            return word.substring(0, end);
        }
    }
}
