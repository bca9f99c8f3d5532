package dev.capplanner.reports.masking;

import com.google.i18n.phonenumbers.PhoneNumberMatch;
import com.google.i18n.phonenumbers.PhoneNumberUtil;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Phone numbers: what libphonenumber (Google's maintained library) finds in the text for the given
 * regions (numbers with a {@code +} country code in any region), a number of five or more digits
 * right after a word that announces one ("tel", "call me on"), and any run of digits with phone
 * separators holding at least nine digits, which no amount, date or order id in this domain has.
 */
public final class PhoneDetector implements Detector {

    private static final Pattern DIGIT_RUN = Pattern.compile("(?<![\\w-])(?:\\+|\\()?\\d[\\d\\s().-]{6,}\\d(?![\\w-])");
    private static final int MIN_RUN_DIGITS = 9;
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

    @Override
    public List<Finding> find(String text) {
        // Every way below needs at least MIN_CUED_DIGITS digits; most values (tool names, ids) have fewer.
        if (text.chars().filter(Character::isDigit).limit(MIN_CUED_DIGITS).count() < MIN_CUED_DIGITS) {
            return List.of();
        }
        List<Finding> found = new ArrayList<>();
        for (String region : regions) {
            for (PhoneNumberMatch match : phones.findNumbers(text, region, PhoneNumberUtil.Leniency.POSSIBLE, 10_000)) {
                if (match.rawString().chars().filter(Character::isDigit).count() >= MIN_LIBRARY_DIGITS
                        && !DATE_LIKE.matcher(match.rawString()).matches()) {
                    found.add(new Finding(match.start(), match.end(), SensitiveKind.PHONE));
                }
            }
        }
        Matcher cued = CUED.matcher(text);
        while (cued.find()) {
            if (cued.group(1).chars().filter(Character::isDigit).count() >= MIN_CUED_DIGITS) {
                found.add(new Finding(cued.start(1), cued.end(1), SensitiveKind.PHONE));
            }
        }
        Matcher run = DIGIT_RUN.matcher(text);
        while (run.find()) {
            if (run.group().chars().filter(Character::isDigit).count() >= MIN_RUN_DIGITS) {
                found.add(new Finding(run.start(), run.end(), SensitiveKind.PHONE));
            }
        }
        return found;
    }
}
