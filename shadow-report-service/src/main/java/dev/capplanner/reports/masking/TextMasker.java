package dev.capplanner.reports.masking;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Replaces every sensitive value of a text by its pseudonym: what the detectors find, plus every
 * known value (what the planner bound from the question) wherever it occurs. Where findings overlap,
 * the known values win, then the earlier detector, then the longer span; two person names that
 * overlap become one.
 *
 * <p>A text is first normalized ({@link TextNormalization}) and cut to {@code maxTextChars} (it says
 * so at its end). The detectors read it under a {@link ScanBudget} linear in its length: a text they
 * cannot finish within it is withheld whole, never stored as it came.
 */
public final class TextMasker {

    /** A known value longer than this is left to the detectors (searching for it would cost its length per character). */
    static final int MAX_KNOWN_VALUE_CHARS = 256;

    private final List<Detector> detectors;
    private final Pseudonyms pseudonyms;
    private final int maxTextChars;

    public TextMasker(List<Detector> detectors, Pseudonyms pseudonyms, MaskingLimits limits) {
        this.detectors = List.copyOf(detectors);
        this.pseudonyms = pseudonyms;
        this.maxTextChars = limits.maxTextChars();
    }

    public TextMasker(List<Detector> detectors, Pseudonyms pseudonyms) {
        this(detectors, pseudonyms, MaskingLimits.DEFAULTS);
    }

    public String mask(String text, Map<String, SensitiveKind> known) {
        return mask(text, known, null);
    }

    /**
     * @param kept in strict mode the words a text may keep (every other word becomes a pseudonym); null in detector
     *             mode, where only what the detectors find and the known values are masked
     */
    public String mask(String text, Map<String, SensitiveKind> known, KeptWords kept) {
        return mask(text, known, kept, kept == null ? Set.of() : kept.tenantWords());
    }

    /**
     * @param kept     as above
     * @param ownWords the tenant's own words (lowercase), which no detector takes for a name unless a name list has them
     */
    public String mask(String text, Map<String, SensitiveKind> known, KeptWords kept, Set<String> ownWords) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        // Normalizing costs the text's length: cut a huge text before, and the normalized one after.
        String normalized = TextNormalization.normalize(text.length() > 2 * maxTextChars
                ? text.substring(0, 2 * maxTextChars) : text);
        String shortened = cut(normalized);
        String masked;
        try {
            masked = maskWhole(shortened, known, kept, ownWords);
        } catch (ScanBudget.ExhaustedException e) {
            return "<withheld: " + text.length() + " characters the masker could not scan within its budget>";
        }
        boolean wasCut = text.length() > 2 * maxTextChars || shortened.length() < normalized.length();
        return wasCut ? masked + " [cut: " + text.length() + " characters in all]" : masked;
    }

    /** The first maxTextChars characters, ending at a blank when one is near, so a value is rarely cut in two. */
    private String cut(String text) {
        if (text.length() <= maxTextChars) {
            return text;
        }
        int end = maxTextChars;
        int blank = text.lastIndexOf(' ', end);
        if (blank > maxTextChars - 100) {
            end = blank;
        }
        return text.substring(0, end);
    }

    private String maskWhole(String text, Map<String, SensitiveKind> known, KeptWords kept, Set<String> ownWords) {
        ScanBudget budget = ScanBudget.forText(text.length());
        CharSequence scanned = budget.over(text);
        List<Finding> ranked = new ArrayList<>(knownValues(text, known));
        for (Detector detector : detectors) {
            List<Finding> found = new ArrayList<>(detector.find(scanned, ownWords));
            found.sort(Comparator.comparingInt(Finding::length).reversed());
            ranked.addAll(found);
        }
        TreeMap<Integer, Finding> chosen = new TreeMap<>();
        for (Finding candidate : ranked) {
            List<Finding> overlapped = overlapping(chosen, candidate);
            if (overlapped.isEmpty()) {
                chosen.put(candidate.start(), candidate);
            } else if (candidate.kind() == SensitiveKind.PERSON
                    && overlapped.stream().allMatch(finding -> finding.kind() == SensitiveKind.PERSON)) {
                // Two name detectors that read parts of one name ("Nur Aisyah" and "Aisyah binti Rahman") mask it whole.
                int start = Math.min(candidate.start(), overlapped.get(0).start());
                int end = Math.max(candidate.end(), overlapped.get(overlapped.size() - 1).end());
                overlapped.forEach(finding -> chosen.remove(finding.start()));
                chosen.put(start, new Finding(start, end, SensitiveKind.PERSON));
            }
        }
        if (kept != null) {
            chosen.putAll(unkeptBetween(text, chosen, kept));
        }
        StringBuilder masked = new StringBuilder(text.length());
        int at = 0;
        for (Finding finding : chosen.values()) {
            masked.append(text, at, finding.start())
                    .append(pseudonyms.of(finding.kind(), text.substring(finding.start(), finding.end())));
            at = finding.end();
        }
        return masked.append(text.substring(at)).toString();
    }

    /** Strict mode: the words between the findings that no vocabulary keeps. */
    private static Map<Integer, Finding> unkeptBetween(String text, TreeMap<Integer, Finding> chosen, KeptWords kept) {
        Map<Integer, Finding> unkept = new TreeMap<>();
        kept.unkept(text, chosen.values()).forEach(word -> unkept.put(word.start(), word));
        return unkept;
    }

    /**
     * The chosen findings the candidate overlaps, in order: the chosen ones never overlap each other,
     * so they are the one starting at or before the candidate and those starting inside it.
     */
    private static List<Finding> overlapping(TreeMap<Integer, Finding> chosen, Finding candidate) {
        List<Finding> overlapped = new ArrayList<>();
        Map.Entry<Integer, Finding> before = chosen.floorEntry(candidate.start());
        if (before != null && before.getValue().overlaps(candidate)) {
            overlapped.add(before.getValue());
        }
        for (Finding inside : chosen.subMap(candidate.start(), false, candidate.end(), false).values()) {
            overlapped.add(inside);
        }
        return overlapped;
    }

    private static List<Finding> knownValues(String text, Map<String, SensitiveKind> known) {
        List<Finding> found = new ArrayList<>();
        String lower = lowerKeepingLength(text);
        known.entrySet().stream()
                .filter(entry -> !entry.getKey().isEmpty() && entry.getKey().length() <= MAX_KNOWN_VALUE_CHARS)
                .sorted(Comparator.comparingInt((Map.Entry<String, SensitiveKind> e) -> e.getKey().length()).reversed())
                .forEach(entry -> {
                    String value = lowerKeepingLength(TextNormalization.normalize(entry.getKey()));
                    if (value.isEmpty()) {
                        return;
                    }
                    for (int at = lower.indexOf(value); at >= 0; at = lower.indexOf(value, at + value.length())) {
                        found.add(new Finding(at, at + value.length(), entry.getValue()));
                    }
                });
        return found;
    }

    /** Lowercase one character for one, so offsets in it are offsets in the text ("İ" would become two). */
    static String lowerKeepingLength(String text) {
        char[] chars = text.toCharArray();
        for (int i = 0; i < chars.length; i++) {
            chars[i] = Character.toLowerCase(chars[i]);
        }
        return new String(chars);
    }
}
