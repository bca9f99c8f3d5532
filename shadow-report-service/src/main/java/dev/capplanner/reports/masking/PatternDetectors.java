package dev.capplanner.reports.masking;

import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * The detectors a pattern (and a checksum or range where one exists) decides: e-mail addresses,
 * secrets (JWTs, bearer tokens, well-known API key formats, values after a secret-naming word),
 * payment cards (Luhn), IBANs (mod 97), US SSNs, IPv4 and IPv6 addresses, and dates after a
 * birth cue. Ordered: where two overlap, the earlier one names the value. Each says what a text needs
 * to hold a match (the digits, capitals, length its shortest match has), so most texts are read by few.
 */
public final class PatternDetectors {

    private static final int CASE = Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
    private static final Predicate<String> ANY = match -> true;

    private PatternDetectors() {
    }

    public static List<Detector> all() {
        return List.of(
                new RegexDetector(Pattern.compile("(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{5,}\\.eyJ[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]{10,}"),
                        SensitiveKind.SECRET, ANY, t -> t.dots() >= 2 && t.tokenRun() >= 28),
                new RegexDetector(Pattern.compile("\\bBearer\\s+([A-Za-z0-9._~+/=-]{12,})", CASE), SensitiveKind.SECRET,
                        ANY, t -> t.length() >= 19 && t.tokenRun() >= 12),
                new RegexDetector(Pattern.compile("\\b(?:sk|pk|rk)[-_](?:live|test|proj)?[-_]?[A-Za-z0-9_-]{16,}"
                        + "|\\bgh[pousr]_[A-Za-z0-9]{30,}|\\bgithub_pat_[A-Za-z0-9_]{40,}|\\bxox[abpr]-[A-Za-z0-9-]{10,}"
                        + "|\\bAKIA[0-9A-Z]{16}\\b|\\bAIza[0-9A-Za-z_-]{35}|\\bglpat-[A-Za-z0-9_-]{20,}"), SensitiveKind.SECRET,
                        ANY, t -> t.tokenRun() >= 15),
                new RegexDetector(Pattern.compile("\\b(?:password|passwd|pwd|passcode|secret|token|api[ _-]?key|"
                        + "access[ _-]?key|client[ _-]?secret|private[ _-]?key)\\b\\s*(?:is|=|:)?\\s*[\"']?([^\\s\"',;]{6,})",
                        CASE), SensitiveKind.SECRET, ANY, t -> t.length() >= 9),
                new EmailDetector(),
                new RegexDetector(Pattern.compile("\\b[A-Z]{2}[0-9]{2}(?:\\s?[A-Z0-9]{4}){2,7}(?:\\s?[A-Z0-9]{1,4})?\\b"),
                        SensitiveKind.IBAN, Checksums::iban, t -> t.digits() >= 2 && t.upperCase() >= 2 && t.length() >= 12),
                new RegexDetector(Pattern.compile("(?<![\\w-])(?:\\d[ -]?){12,18}\\d(?![\\w-])"), SensitiveKind.CARD,
                        Checksums::luhn, t -> t.digits() >= 13),
                new RegexDetector(Pattern.compile("(?<![\\w-])\\d{3}-\\d{2}-\\d{4}(?![\\w-])"), SensitiveKind.NATIONAL_ID,
                        Checksums::ssn, t -> t.digits() >= 9),
                new RegexDetector(Pattern.compile("\\b[A-Z]{6}\\d{2}[A-EHLMPR-T]\\d{2}[A-Z]\\d{3}[A-Z]\\b"),
                        SensitiveKind.NATIONAL_ID, ANY, t -> t.digits() >= 7 && t.upperCase() >= 9),
                new RegexDetector(Pattern.compile("(?<![\\w.:])(?:[0-9A-Fa-f]{0,4}:){2,7}(?:[0-9A-Fa-f]{1,4}|"
                        + "\\d{1,3}(?:\\.\\d{1,3}){3})?(?![\\w:])"), SensitiveKind.IP, Checksums::ipv6,
                        t -> t.colons() >= 2),
                new RegexDetector(Pattern.compile("(?<![\\w.])\\d{1,3}(?:\\.\\d{1,3}){3}(?![\\w.])"), SensitiveKind.IP,
                        Checksums::ipv4, t -> t.digits() >= 4 && t.dots() >= 3),
                new RegexDetector(Pattern.compile("\\b(?:born|birth(?:day|date)?|date of birth|d\\.?o\\.?b\\.?|nat[oa]|"
                        + "geboren|née?)\\b[^0-9\\n]{0,20}?(\\d{4}-\\d{2}-\\d{2}|\\d{1,2}[./-]\\d{1,2}[./-]\\d{2,4}|"
                        + "\\d{1,2}\\s+\\p{L}+\\s+\\d{4}|\\p{L}+\\s+\\d{1,2},?\\s+\\d{4})", CASE), SensitiveKind.DATE_OF_BIRTH,
                        ANY, t -> t.digits() >= 4));
    }
}
