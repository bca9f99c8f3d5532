package dev.capplanner.reports.masking;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Words in a script the word lists do not cover (Han, Kana, Hangul, Arabic, Cyrillic, Devanagari,
 * ...): no list can tell a name ("王芳", "محمد علي") from a word there, so such a word is masked
 * unless it is a function word a list knows (the Snowball Russian list). A run of such words and
 * the spaces between them is one finding. Linear in the text's length.
 */
public final class UnreadScriptDetector implements Detector {

    private final Vocabulary vocabulary;

    public UnreadScriptDetector(Vocabulary vocabulary) {
        this.vocabulary = vocabulary;
    }

    /** Every script it reads is encoded past the Latin blocks. */
    @Override
    public boolean mayFind(TextTraits traits) {
        return traits.beyondLatin();
    }

    @Override
    public List<Finding> find(CharSequence text) {
        List<Finding> found = new ArrayList<>();
        int length = text.length();
        int at = 0;
        int runStart = -1;
        int runEnd = -1;
        while (at < length) {
            int codePoint = Character.codePointAt(text, at);
            if (!unread(codePoint)) {
                if (runStart >= 0 && !Character.isSpaceChar(codePoint)) {
                    found.add(new Finding(runStart, runEnd, SensitiveKind.WORD));
                    runStart = -1;
                }
                at += Character.charCount(codePoint);
                continue;
            }
            int start = at;
            while (at < length && (unread(Character.codePointAt(text, at)) || TextShape.isMark(Character.codePointAt(text, at)))) {
                at += Character.charCount(Character.codePointAt(text, at));
            }
            if (gluedToLetters(text, start, at)) {
                // "Thаndiwe" with a Cyrillic "а": a word of two scripts is a disguise, masked whole.
                int wordStart = start;
                while (wordStart > 0 && isLetterOrMark(Character.codePointBefore(text, wordStart))) {
                    wordStart -= Character.charCount(Character.codePointBefore(text, wordStart));
                }
                int wordEnd = at;
                while (wordEnd < length && isLetterOrMark(Character.codePointAt(text, wordEnd))) {
                    wordEnd += Character.charCount(Character.codePointAt(text, wordEnd));
                }
                if (runStart >= 0) {
                    found.add(new Finding(runStart, Math.min(runEnd, wordStart), SensitiveKind.WORD));
                    runStart = -1;
                }
                found.add(new Finding(wordStart, wordEnd, SensitiveKind.WORD));
                at = wordEnd;
                continue;
            }
            if (vocabulary.isFunctionWord(text.subSequence(start, at).toString().toLowerCase(Locale.ROOT))) {
                if (runStart >= 0) {
                    found.add(new Finding(runStart, runEnd, SensitiveKind.WORD));
                    runStart = -1;
                }
                continue;
            }
            if (runStart < 0) {
                runStart = start;
            }
            runEnd = at;
        }
        if (runStart >= 0) {
            found.add(new Finding(runStart, runEnd, SensitiveKind.WORD));
        }
        return found;
    }

    /** Whether a letter of another script (Latin) touches the run on either side. */
    private static boolean gluedToLetters(CharSequence text, int start, int end) {
        boolean before = start > 0 && Character.isLetter(Character.codePointBefore(text, start))
                && !unread(Character.codePointBefore(text, start));
        boolean after = end < text.length() && Character.isLetter(Character.codePointAt(text, end))
                && !unread(Character.codePointAt(text, end));
        return before || after;
    }

    private static boolean isLetterOrMark(int codePoint) {
        return Character.isLetter(codePoint) || TextShape.isMark(codePoint);
    }

    /** A letter of a script other than Latin (digits and punctuation belong to every script). */
    private static boolean unread(int codePoint) {
        // Latin, its supplements and extensions come first in Unicode: most text is decided here.
        if (codePoint < 0x0250 || !Character.isLetter(codePoint)) {
            return false;
        }
        Character.UnicodeScript script = Character.UnicodeScript.of(codePoint);
        return script != Character.UnicodeScript.LATIN && script != Character.UnicodeScript.COMMON
                && script != Character.UnicodeScript.INHERITED;
    }
}
