package dev.capplanner.reports.masking;

import java.util.ArrayList;
import java.util.List;

/**
 * E-mail addresses ({@code local@label.label.tld}: a local part of letters, digits and {@code ._%+-},
 * labels of letters, digits and hyphens, a top-level label starting with two letters), found by one
 * pass from each {@code @} outwards. A pattern that started a match at every letter backtracked over
 * every long run of letters without an {@code @}: quadratic, so one long question stalled ingestion.
 * Here the runs around two {@code @} never overlap (an {@code @} belongs to neither), so every
 * character is read a bounded number of times.
 */
public final class EmailDetector implements Detector {

    private static final int MIN_TOP_LEVEL_LETTERS = 2;

    @Override
    public boolean mayFind(TextTraits traits) {
        return traits.atSigns() > 0;
    }

    @Override
    public List<Finding> find(CharSequence text) {
        List<Finding> found = new ArrayList<>();
        int previousEnd = 0;
        for (int at = 0; at < text.length(); at++) {
            if (text.charAt(at) != '@') {
                continue;
            }
            int start = at;
            while (start > previousEnd && isLocal(text.charAt(start - 1))) {
                start--;
            }
            int domainEnd = at + 1;
            while (domainEnd < text.length() && isDomain(text.charAt(domainEnd))) {
                domainEnd++;
            }
            int end = addressEnd(text, at + 1, domainEnd);
            if (start < at && end > 0) {
                found.add(new Finding(start, end, SensitiveKind.EMAIL));
                previousEnd = end;
            }
            at = Math.max(at, domainEnd - 1);
        }
        return found;
    }

    /**
     * Where the address ends in the domain run {@code [from, to)}: after the letters that open the
     * last label (not the first) reached through non-empty labels; 0 when there is none.
     */
    private static int addressEnd(CharSequence text, int from, int to) {
        int end = 0;
        int labelStart = from;
        int label = 0;
        for (int i = from; i <= to; i++) {
            if (i < to && text.charAt(i) != '.') {
                continue;
            }
            if (i == labelStart) {
                break;
            }
            if (label > 0) {
                int letters = labelStart;
                while (letters < i && isAsciiLetter(text.charAt(letters))) {
                    letters++;
                }
                if (letters - labelStart >= MIN_TOP_LEVEL_LETTERS) {
                    end = letters;
                }
            }
            label++;
            labelStart = i + 1;
        }
        return end;
    }

    private static boolean isLocal(char c) {
        return isAsciiLetter(c) || isDigit(c) || c == '.' || c == '_' || c == '%' || c == '+' || c == '-';
    }

    private static boolean isDomain(char c) {
        return isAsciiLetter(c) || isDigit(c) || c == '-' || c == '.';
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
