package dev.capplanner.reports.masking;

import java.util.ArrayList;
import java.util.List;

/**
 * Identifier-like numbers: a word of letters and digits holding at least {@value #MIN_DIGITS} digits
 * (an account, a passport, a tax or customer number: "12345678", "YA12345678X"). No order id, amount,
 * date with separators or time in this domain has as many in one word, and a value that looks like
 * an identifier is masked rather than stored when no other detector names it.
 */
public final class IdentifierNumberDetector implements Detector {

    static final int MIN_DIGITS = 8;

    @Override
    public boolean mayFind(TextTraits traits) {
        return traits.digits() >= MIN_DIGITS;
    }

    @Override
    public List<Finding> find(CharSequence text) {
        List<Finding> found = new ArrayList<>();
        int start = -1;
        int digits = 0;
        for (int i = 0; i <= text.length(); i++) {
            char c = i < text.length() ? text.charAt(i) : ' ';
            boolean digit = c >= '0' && c <= '9';
            if (digit || Character.isLetter(c)) {
                if (start < 0) {
                    start = i;
                    digits = 0;
                }
                if (digit) {
                    digits++;
                }
            } else {
                if (start >= 0 && digits >= MIN_DIGITS) {
                    found.add(new Finding(start, i, SensitiveKind.ID_NUMBER));
                }
                start = -1;
            }
        }
        return found;
    }
}
