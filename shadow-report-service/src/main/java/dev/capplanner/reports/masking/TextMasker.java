package dev.capplanner.reports.masking;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Replaces every sensitive value of a text by its pseudonym: what the detectors find, plus every
 * known value (what the planner bound from the question) wherever it occurs. Where findings overlap,
 * the known values win, then the earlier detector, then the longer span, and what the winner does not
 * cover of another value (a phone number, an address, ...) is masked apart as that value's kind; two
 * person names that overlap become one.
 *
 * <p>A text is first normalized ({@link TextNormalization}) and cut to {@code maxTextChars} (it says
 * so at its end). The detectors read it under a {@link ScanBudget} linear in its length: a text they
 * cannot finish within it is withheld whole, never stored as it came.
 */
public final class TextMasker {

    /** A known value longer than this is left to the detectors (searching for it would cost its length per character). */
    static final int MAX_KNOWN_VALUE_CHARS = 256;
    static final int MAX_TENANTS_CACHED = 10_000;
    private static final Set<SensitiveKind> READ_BY_WORDS = EnumSet.of(SensitiveKind.PERSON, SensitiveKind.NAME,
            SensitiveKind.WORD);
    private static final Comparator<Finding> LONGEST_FIRST = Comparator.comparingInt(Finding::length).reversed();
    /** The longest text {@link #unchanged} remembers, and how many it remembers per mode before it starts over. */
    static final int MAX_UNCHANGED_CHARS = 64;
    static final int MAX_UNCHANGED_TEXTS = 20_000;

    private final List<Detector> detectors;
    private final Pseudonyms pseudonyms;
    private final Map<String, Pseudonyms> tenantPseudonyms = new ConcurrentHashMap<>();
    private final int maxTextChars;
    /**
     * Short texts that mask to themselves with no tenant words and no bound value, in strict mode and in
     * detector mode: plan keys and tool names ("orderId", "customers.search") that every report repeats.
     * A tenant's words and capability names only ever keep more, so such a text masks to itself in any
     * report of the same mode where no bound value occurs in it. Holds no value the masker would hide.
     */
    private final Set<String> unchangedStrict = ConcurrentHashMap.newKeySet();
    private final Set<String> unchangedByDetectors = ConcurrentHashMap.newKeySet();

    public TextMasker(List<Detector> detectors, Pseudonyms pseudonyms, MaskingLimits limits) {
        this.detectors = List.copyOf(detectors);
        this.pseudonyms = pseudonyms;
        this.maxTextChars = limits.maxTextChars();
    }

    public TextMasker(List<Detector> detectors, Pseudonyms pseudonyms) {
        this(detectors, pseudonyms, MaskingLimits.DEFAULTS);
    }

    /**
     * What one text is masked with besides the detectors.
     *
     * @param known      values bound from the question (masked wherever they occur) and their kinds
     * @param kept       in strict mode the words a text may keep (every other word becomes a pseudonym); null in
     *                   detector mode, where only what the detectors find and the known values are masked
     * @param ownWords   the tenant's own words (lowercase): a detector that reads unlisted words as names
     *                   ({@link ListedNameDetector}) keeps these, unless a name list has them
     * @param pseudonyms the tenant's pseudonyms ({@link Pseudonyms#forTenant})
     */
    public record Scope(KnownValues known, KeptWords kept, Set<String> ownWords, Pseudonyms pseudonyms) {
    }

    /** Masks with the service's own pseudonyms, as for no tenant (benchmarks and rule tests). */
    public String mask(String text, Map<String, SensitiveKind> known) {
        return mask(text, known, null);
    }

    /** As {@link #mask(String, Scope)} with the service's own pseudonyms. */
    public String mask(String text, Map<String, SensitiveKind> known, KeptWords kept) {
        return mask(text, new Scope(KnownValues.of(known), kept, kept == null ? Set.of() : kept.tenantWords(), pseudonyms));
    }

    /** The pseudonyms of one tenant: keyed apart from every other tenant's. */
    public Pseudonyms pseudonymsOf(String tenantId) {
        if (tenantPseudonyms.size() >= MAX_TENANTS_CACHED) {
            // Tenants are few; a flood of ids only costs deriving their keys again.
            tenantPseudonyms.clear();
        }
        return tenantPseudonyms.computeIfAbsent(tenantId, pseudonyms::forTenant);
    }

    public String mask(String text, Scope scope) {
        if (text == null || text.length() > MAX_UNCHANGED_CHARS) {
            return mask(text, scope, false);
        }
        Set<String> unchanged = scope.kept() == null ? unchangedByDetectors : unchangedStrict;
        if (unchanged.contains(text) && knownValues(text, scope.known()).isEmpty()) {
            return text;
        }
        String masked = mask(text, scope, false);
        if (masked.equals(text) && maskedWithNoTenantWords(text, scope).equals(text)) {
            if (unchanged.size() >= MAX_UNCHANGED_TEXTS) {
                unchanged.clear(); // a flood of distinct texts only costs reading them again
            }
            unchanged.add(text);
        }
        return masked;
    }

    /** The text masked in the scope's mode with none of its tenant's words and no bound value: the most it can be masked. */
    private String maskedWithNoTenantWords(String text, Scope scope) {
        KeptWords plain = scope.kept() == null ? null : scope.kept().withoutTenantWords();
        return mask(text, new Scope(KnownValues.NONE, plain, Set.of(), scope.pseudonyms()), false);
    }

    /**
     * Masks text a person wrote (a question, a review note): in strict mode a word that stands alone
     * in it is masked too ({@link KeptWords#unkept(String, java.util.Collection, boolean)}).
     */
    public String maskWritten(String text, Scope scope) {
        return mask(text, scope, true);
    }

    private String mask(String text, Scope scope, boolean written) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        // Normalizing costs the text's length: cut a huge text before, and the normalized one after.
        String normalized = TextNormalization.normalize(text.length() > 2 * maxTextChars
                ? text.substring(0, 2 * maxTextChars) : text);
        String shortened = cut(normalized);
        String masked;
        try {
            masked = maskWhole(shortened, scope, written);
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

    private String maskWhole(String text, Scope scope, boolean written) {
        KeptWords kept = scope.kept();
        ScanBudget budget = ScanBudget.forText(text.length());
        CharSequence scanned = budget.over(text);
        List<Finding> knownFound = knownValues(text, scope.known());
        if (knownFound.size() == 1 && knownFound.get(0).start() == 0 && knownFound.get(0).end() == text.length()) {
            // The text is a bound value (one under a sensitive key): whatever a detector found in it would be cut away.
            return scope.pseudonyms().of(knownFound.get(0).kind(), text);
        }
        TextTraits traits = TextTraits.of(text);
        List<Finding> ranked = new ArrayList<>(knownFound);
        for (Detector detector : detectors) {
            if (!detector.mayFind(traits)) {
                continue;
            }
            List<Finding> found = detector.find(scanned, scope.ownWords());
            if (found.size() > 1) {
                found = new ArrayList<>(found);
                found.sort(LONGEST_FIRST);
            }
            ranked.addAll(found);
        }
        TreeMap<Integer, Finding> chosen = new TreeMap<>();
        for (Finding candidate : ranked) {
            List<Finding> overlapped = overlapping(chosen, candidate);
            if (overlapped.isEmpty()) {
                chosen.put(candidate.start(), candidate);
            } else if (candidate.kind() == SensitiveKind.PERSON
                    && overlapped.stream().allMatch(finding -> finding.kind() == SensitiveKind.PERSON)) {
                if (overlapped.stream().anyMatch(knownFound::contains)) {
                    // A value the plan bound keeps its own pseudonym (the question and the plan must match):
                    // what the detector read beyond it ("Maria Garcia" + " Lopez") is masked apart.
                    remainders(text, candidate, overlapped, SensitiveKind.PERSON).forEach(rest -> chosen.put(rest.start(), rest));
                } else {
                    // Two name detectors that read parts of one name ("Nur Aisyah", "Aisyah binti Rahman") mask it whole.
                    int start = Math.min(candidate.start(), overlapped.get(0).start());
                    int end = Math.max(candidate.end(), overlapped.get(overlapped.size() - 1).end());
                    overlapped.forEach(finding -> chosen.remove(finding.start()));
                    chosen.put(start, new Finding(start, end, SensitiveKind.PERSON));
                }
            } else if (!READ_BY_WORDS.contains(candidate.kind())) {
                // What the earlier finding did not cover is still this one's value: "305 555 0199 Miami Street" read as
                // an address from "0199" on leaves "305 555" to the phone finding it overlapped. Not for names and
                // words: their detectors read the words around a value ("an" before "Eschenweg 984").
                remainders(text, candidate, overlapped, candidate.kind()).forEach(rest -> chosen.put(rest.start(), rest));
            }
        }
        if (kept != null) {
            chosen.putAll(unkeptBetween(text, chosen, kept, written));
        }
        StringBuilder masked = new StringBuilder(text.length());
        int at = 0;
        for (Finding finding : chosen.values()) {
            masked.append(text, at, finding.start())
                    .append(scope.pseudonyms().of(finding.kind(), text.substring(finding.start(), finding.end())));
            at = finding.end();
        }
        return masked.append(text.substring(at)).toString();
    }

    /** Strict mode: the words between the findings that no vocabulary keeps. */
    private static Map<Integer, Finding> unkeptBetween(String text, TreeMap<Integer, Finding> chosen, KeptWords kept,
                                                       boolean written) {
        Map<Integer, Finding> unkept = new TreeMap<>();
        kept.unkept(text, chosen.values(), written).forEach(word -> unkept.put(word.start(), word));
        return unkept;
    }

    /** The parts of {@code candidate} outside the findings it overlaps (in order), trimmed to letters and digits, as {@code kind}. */
    private static List<Finding> remainders(String text, Finding candidate, List<Finding> overlapped, SensitiveKind kind) {
        List<Finding> rest = new ArrayList<>();
        int at = candidate.start();
        for (int i = 0; i <= overlapped.size(); i++) {
            int end = i < overlapped.size() ? Math.min(overlapped.get(i).start(), candidate.end()) : candidate.end();
            int from = at;
            int to = end;
            while (from < to && !Character.isLetterOrDigit(text.charAt(from))) {
                from++;
            }
            while (to > from && !Character.isLetterOrDigit(text.charAt(to - 1))) {
                to--;
            }
            if (from < to) {
                rest.add(new Finding(from, to, kind));
            }
            if (i < overlapped.size()) {
                at = Math.max(at, overlapped.get(i).end());
            }
        }
        return rest;
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

    private static List<Finding> knownValues(String text, KnownValues known) {
        if (known.searched().isEmpty()) {
            return List.of();
        }
        List<Finding> found = new ArrayList<>();
        String lower = lowerKeepingLength(text);
        for (KnownValues.Searched value : known.searched()) {
            int length = value.lower().length();
            for (int at = lower.indexOf(value.lower()); at >= 0; at = lower.indexOf(value.lower(), at + length)) {
                found.add(new Finding(at, at + length, value.kind()));
            }
        }
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
