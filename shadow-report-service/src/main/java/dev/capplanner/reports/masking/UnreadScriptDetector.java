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
            while (at < length && (unread(Character.codePointAt(text, at)) || isMark(Character.codePointAt(text, at)))) {
                at += Character.charCount(Character.codePointAt(text, at));
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

    private static boolean isMark(int codePoint) {
        int type = Character.getType(codePoint);
        return type == Character.NON_SPACING_MARK || type == Character.COMBINING_SPACING_MARK
                || type == Character.ENCLOSING_MARK;
    }
}
