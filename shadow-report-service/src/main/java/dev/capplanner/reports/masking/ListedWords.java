package dev.capplanner.reports.masking;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The words {@link ListedNameDetector} reads: Latin-script words with their place, case and what
 * the name and word lists say of them ({@link Listing}).
 */
final class ListedWords {

    /** What the lists say of a word, in the order that decides. */
    enum Listing {
        /** A registry name no dictionary has as a word ("riccardo", "okafor"). */
        LISTED,
        /** A registry name some language's frequency list has too ("prima", "giulia"). */
        LISTED_BUT_COMMON,
        /** A registry name that is an English word ("will", "grace", "price"), or a short code-like one. */
        NAME_THAT_IS_A_WORD,
        /** A proper noun the word lists spell with a capital and no other list has ("Uffing"). */
        PROPER_NOUN,
        /** A function word of a language, or a letter alone. */
        FUNCTION,
        /** A common word, or one of the tenant's own. */
        KNOWN,
        /** In no list. */
        UNKNOWN
    }

    /** A word of the text: where it is, lowercase, its listing and its case. */
    record Word(int start, int end, String lower, Listing listing, boolean capitalized, boolean upper,
                boolean oddlyCased) {
    }

    private final Vocabulary vocabulary;

    ListedWords(Vocabulary vocabulary) {
        this.vocabulary = vocabulary;
    }

    /** Words of Latin letters (other scripts are {@link UnreadScriptDetector}'s), apostrophes and hyphens inside. */
    List<Word> read(CharSequence text, Set<String> ownWords, boolean capitals) {
        List<Word> words = new ArrayList<>();
        int at = 0;
        int length = text.length();
        while (at < length) {
            int codePoint = Character.codePointAt(text, at);
            if (!isLatinLetter(codePoint)) {
                at += Character.charCount(codePoint);
                continue;
            }
            int start = at;
            int end = at;
            while (end < length) {
                int c = Character.codePointAt(text, end);
                if (isLatinLetter(c) || TextShape.isMark(c)) {
                    end += Character.charCount(c);
                } else if ((c == '\'' || c == '’' || c == '-') && end + 1 < length
                        && isLatinLetter(Character.codePointAt(text, end + 1))) {
                    end++;
                } else {
                    break;
                }
            }
            at = end;
            if ((end < length && Character.isLetterOrDigit(Character.codePointAt(text, end)))
                    || gluedToDigits(text, start, end)) {
                // A word glued to digits or another script ("O-5002", "a1") is an identifier, not a name; the
                // identifier ends where its letters, digits and joiners do ("O-5002/Thandiwe": at the slash).
                while (at < length && (Character.isLetterOrDigit(text.charAt(at)) || "-_".indexOf(text.charAt(at)) >= 0)) {
                    at++;
                }
                continue;
            }
            int kept = TextShape.withoutPossessive(text, start, end);
            words.add(word(text, start, kept, ownWords, capitals));
        }
        return words;
    }

    /**
     * Two capitals or more after lowercase letters, outside camel case: "oKonKwO", "rosWithA"; not
     * "McDonald", "iPhone" (one) nor "orderNumberId" (camel case, {@link KeptWords#camelCase}).
     */
    private static boolean oddlyCased(CharSequence text, int start, int end) {
        int raised = 0;
        for (int at = start + 1; at < end; at++) {
            if (Character.isUpperCase(text.charAt(at)) && Character.isLowerCase(text.charAt(at - 1))) {
                raised++;
            }
        }
        return raised >= 2 && !KeptWords.camelCase(text.subSequence(start, end).toString());
    }

    /** "LY-99", "99-LY", "INV/7": letters joined to digits by a connector are an identifier's code. */
    private static boolean gluedToDigits(CharSequence text, int start, int end) {
        boolean after = end + 1 < text.length() && "-_/.".indexOf(text.charAt(end)) >= 0
                && Character.isDigit(text.charAt(end + 1));
        // After a slash a word starts anew ("O-5002/Thandiwe"); after a hyphen it ends an identifier ("99-LY").
        boolean before = start >= 2 && "-_".indexOf(text.charAt(start - 1)) >= 0
                && Character.isDigit(text.charAt(start - 2));
        return after || before;
    }

    private Word word(CharSequence text, int start, int end, Set<String> ownWords, boolean capitals) {
        StringBuilder lower = new StringBuilder(end - start);
        boolean capitalized = Character.isUpperCase(Character.codePointAt(text, start));
        boolean upper = true;
        for (int at = start; at < end; at++) {
            char c = text.charAt(at);
            if (Character.isLowerCase(c)) {
                upper = false;
            }
            if (at > start && "'’-".indexOf(text.charAt(at - 1)) >= 0 && Character.isUpperCase(c)) {
                // "al-Harbi", "d'Orsel": the name's own part carries the capital.
                capitalized = true;
            }
            lower.append(Character.toLowerCase(c));
        }
        String word = lower.toString();
        Listing listing = listing(word);
        if (listing == Listing.UNKNOWN && (ownWords.contains(word) || KeptWords.SUITE_WORDS.contains(word))) {
            // The tenant's own terms ("frobnitz") are its words; a name list's word stays a name whoever uses it.
            listing = Listing.KNOWN;
        }
        if (word.length() <= 4 && upper && (listing == Listing.LISTED_BUT_COMMON
                || (listing == Listing.LISTED && !capitals))) {
            // "IBAN", "HUF": a short word in capitals is an acronym as often as a name.
            listing = Listing.NAME_THAT_IS_A_WORD;
        }
        if (word.length() == 2 && (listing == Listing.LISTED || listing == Listing.LISTED_BUT_COMMON)) {
            // Two letters in capitals are a code more often than a name ("LY", "GB"); "Wu" and "Ng" need their context.
            listing = capitalized && !upper ? Listing.NAME_THAT_IS_A_WORD : Listing.KNOWN;
        }
        return new Word(start, end, word, listing, capitalized, upper && end - start > 1,
                oddlyCased(text, start, end));
    }

    private Listing listing(String word) {
        Listing whole = listingOf(word);
        if (whole != Listing.UNKNOWN || (word.indexOf('-') < 0 && word.indexOf('\'') < 0 && word.indexOf('’') < 0)) {
            return whole;
        }
        // "jean-luc", "o'sullivan", "al-harbi": a listed part makes the word a name when no part is another
        // word; particles and function words ("al", "ben", "o") are neither.
        boolean listedPart = false;
        for (String part : word.split("['’-]")) {
            Listing listing = part.length() < 2 ? Listing.FUNCTION : listingOf(part);
            if (listing == Listing.LISTED || listing == Listing.LISTED_BUT_COMMON) {
                listedPart = true;
            } else if (listing == Listing.KNOWN || listing == Listing.PROPER_NOUN) {
                return Listing.KNOWN;
            }
        }
        return listedPart ? Listing.LISTED : Listing.UNKNOWN;
    }

    private Listing listingOf(String word) {
        if (word.length() < 2 || vocabulary.isFunctionWord(word)) {
            return Listing.FUNCTION;
        }
        String folded = TextShape.withoutAccents(word);
        boolean accented = !folded.equals(word);
        boolean common = vocabulary.commonWords().contains(word);
        if (vocabulary.isListedName(word) || (accented && vocabulary.isListedName(folded))) {
            if (vocabulary.isFrequentEnglish(word) && !vocabulary.isGivenName(word) && !vocabulary.isSurname(word)) {
                // The Social Security lists hold places and brands given as names ("Texas", "Toyota", "Casa"):
                // among the frequent English words only the census's own names are names wherever they stand.
                return Listing.NAME_THAT_IS_A_WORD;
            }
            return common ? Listing.LISTED_BUT_COMMON : Listing.LISTED;
        }
        if (vocabulary.isNameThatIsAWord(word) || (accented && vocabulary.isNameThatIsAWord(folded))) {
            return Listing.NAME_THAT_IS_A_WORD;
        }
        if (common || vocabulary.isFunctionWord(word) || vocabulary.isFrequentEnglish(word)) {
            return Listing.KNOWN;
        }
        if (vocabulary.isKnownWord(word)) {
            // Only a proper noun the word lists spell with a capital ("Uffing", "Franka"): a name's neighbour.
            return Listing.PROPER_NOUN;
        }
        return Listing.UNKNOWN;
    }

    private static boolean isLatinLetter(int codePoint) {
        if (codePoint < 0x80) {
            return (codePoint | 0x20) >= 'a' && (codePoint | 0x20) <= 'z';
        }
        return Character.isLetter(codePoint) && Character.UnicodeScript.of(codePoint) == Character.UnicodeScript.LATIN;
    }
}
