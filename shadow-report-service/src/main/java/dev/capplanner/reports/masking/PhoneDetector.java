package dev.capplanner.reports.masking;

import com.google.i18n.phonenumbers.PhoneNumberMatch;
import com.google.i18n.phonenumbers.PhoneNumberUtil;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Phone numbers: what libphonenumber (Google's maintained library) finds for the given regions
 * (numbers with a {@code +} country code in any region), a number of five or more digits right after
 * a word that announces one ("tel", "call me on"), and any run of digits with phone separators
 * holding at least nine digits, which no amount, date or order id in this domain has.
 *
 * <p>The library is asked about short windows of the text around digits only: given a whole text,
 * its own patterns backtrack over long runs of digits and blanks, quadratic in the run. Windows of
 * {@value #WINDOW} characters every {@value #STEP} hold every number of up to
 * {@value #STEP} characters whole, and read each character a bounded number of times.
 */
public final class PhoneDetector implements Detector {

    static final int WINDOW = 48;
    static final int STEP = WINDOW / 2;
    private static final int MIN_RUN_DIGITS = 9;
    private static final int MIN_RUN_LENGTH = 8;
    private static final int MIN_LIBRARY_DIGITS = 7;
    /** After a word that says a phone number follows, shorter local numbers count too. */
    private static final Pattern CUED = Pattern.compile("\\b(?:tel|phone|telephone|mobile|cell|call(?:\\s+me)?(?:\\s+on|"
            + "\\s+at)?|ring|telefono|cellulare|telefon|téléphone|teléfono|fax|whatsapp)\\b\\.?:?\\s*"
            + "(\\+?\\(?\\d[\\d\\s()./-]{3,}\\d)", Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    private static final int MIN_CUED_DIGITS = 5;
    /** Dates and times have the digits of a phone number; they are not one. */
    private static final Pattern DATE_LIKE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}(?:[T ]\\d{2}:\\d{2}.*)?|"
            + "\\d{1,2}[./-]\\d{1,2}[./-]\\d{2,4}|\\d{4}[./]\\d{2}[./]\\d{2}");

    private final PhoneNumberUtil phones = PhoneNumberUtil.getInstance();
    private final List<String> regions;

    public PhoneDetector(List<String> regions) {
        this.regions = List.copyOf(regions);
    }

    /** Every way below needs at least MIN_CUED_DIGITS digits; most values (tool names, ids) have fewer. */
    @Override
    public boolean mayFind(TextTraits traits) {
        return traits.digits() >= MIN_CUED_DIGITS;
    }

    @Override
    public List<Finding> find(CharSequence text) {
        List<Finding> found = new ArrayList<>();
        for (Run run : runs(text)) {
            // A run longer than a few numbers is masked whole by the digit-run rule below (it holds
            // nine digits and more): asking the library about every window of it would add nothing.
            if (run.end() - run.start() <= 2 * WINDOW) {
                libraryNumbers(text, run, found);
            }
            int segment = run.start();
            for (int i = run.start(); i <= run.end(); i++) {
                if (i == run.end() || text.charAt(i) == '/' || text.charAt(i) == '+') {
                    digitRun(text, new Run(segment, i), found);
                    segment = i;
                }
            }
        }
        Matcher cued = CUED.matcher(text);
        while (cued.find()) {
            if (cued.group(1).chars().filter(Character::isDigit).count() >= MIN_CUED_DIGITS) {
                found.add(new Finding(cued.start(1), cued.end(1), SensitiveKind.PHONE));
            }
        }
        return found;
    }

    /** Maximal runs of digits, blanks and phone punctuation holding at least MIN_LIBRARY_DIGITS digits. */
    private static List<Run> runs(CharSequence text) {
        List<Run> runs = new ArrayList<>();
        int start = -1;
        int digits = 0;
        for (int i = 0; i <= text.length(); i++) {
            char c = i < text.length() ? text.charAt(i) : 'x';
            if (isRunChar(c)) {
                if (start < 0) {
                    start = i;
                    digits = 0;
                }
                if (isDigit(c)) {
                    digits++;
                }
            } else if (start >= 0) {
                if (digits >= MIN_LIBRARY_DIGITS) {
                    runs.add(new Run(start, i));
                }
                start = -1;
            }
        }
        return runs;
    }

    private void libraryNumbers(CharSequence text, Run run, List<Finding> found) {
        // A little context on each side: the library looks at the characters around a number.
        int from = Math.max(0, run.start() - 1);
        int to = Math.min(text.length(), run.end() + 1);
        for (int windowStart = from; ; windowStart += STEP) {
            int windowEnd = Math.min(to, windowStart + WINDOW);
            CharSequence window = text.subSequence(windowStart, windowEnd);
            for (String region : regions) {
                for (PhoneNumberMatch match : phones.findNumbers(window, region, PhoneNumberUtil.Leniency.POSSIBLE, 100)) {
                    int start = windowStart + match.start();
                    int end = windowStart + match.end();
                    if (match.rawString().chars().filter(Character::isDigit).count() >= MIN_LIBRARY_DIGITS
                            && !DATE_LIKE.matcher(match.rawString()).matches() && !insideAWord(text, start, end)) {
                        found.add(new Finding(start, end, SensitiveKind.PHONE));
                    }
                }
            }
            if (windowEnd >= to) {
                return;
            }
        }
    }

    /**
     * A segment of a run (digits, blanks, brackets, dots and hyphens, or a {@code +} then those) from
     * its first digit (or the {@code +} or {@code (} right before it) to its last digit not followed
     * by a hyphen or a word character, when no word character or hyphen touches it before and it
     * holds at least MIN_RUN_DIGITS digits.
     */
    private static void digitRun(CharSequence text, Run run, List<Finding> found) {
        int first = run.start();
        while (first < run.end() && !isDigit(text.charAt(first))) {
            first++;
        }
        if (first == run.end()) {
            return;
        }
        int start = first > run.start() && (text.charAt(first - 1) == '+' || text.charAt(first - 1) == '(')
                ? first - 1 : first;
        if (start > 0 && (isWordChar(text.charAt(start - 1)) || text.charAt(start - 1) == '-')) {
            return;
        }
        int last = run.end() - 1;
        while (last > first && !(isDigit(text.charAt(last)) && followedByBoundary(text, last + 1))) {
            last--;
        }
        if (!isDigit(text.charAt(last)) || last + 1 - start < MIN_RUN_LENGTH) {
            return;
        }
        int digits = 0;
        for (int i = first; i <= last; i++) {
            if (isDigit(text.charAt(i))) {
                digits++;
            }
        }
        if (digits >= MIN_RUN_DIGITS) {
            found.add(new Finding(start, last + 1, SensitiveKind.PHONE));
        }
    }

    /** Digits with a letter right before or after are part of a word (a document number), not a phone number. */
    private static boolean insideAWord(CharSequence text, int start, int end) {
        return (start > 0 && Character.isLetter(text.charAt(start - 1)))
                || (end < text.length() && Character.isLetter(text.charAt(end)));
    }

    private static boolean followedByBoundary(CharSequence text, int at) {
        return at >= text.length() || !(isWordChar(text.charAt(at)) || text.charAt(at) == '-');
    }

    private static boolean isRunChar(char c) {
        return isDigit(c) || c == ' ' || c == '\n' || c == '(' || c == ')' || c == '.' || c == '-' || c == '+'
                || c == '/';
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isWordChar(char c) {
        return isDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    }

    private record Run(int start, int end) {
    }
}
