package dev.capplanner.reports.masking;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Replaces every sensitive value of a text by its pseudonym: what the detectors find, plus every
 * known value (what the planner bound from the question) wherever it occurs. Where findings overlap,
 * the known values win, then the earlier detector, then the longer span.
 */
public final class TextMasker {

    private final List<Detector> detectors;
    private final Pseudonyms pseudonyms;

    public TextMasker(List<Detector> detectors, Pseudonyms pseudonyms) {
        this.detectors = List.copyOf(detectors);
        this.pseudonyms = pseudonyms;
    }

    public String mask(String text, Map<String, SensitiveKind> known) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        List<Finding> ranked = new ArrayList<>(knownValues(text, known));
        for (Detector detector : detectors) {
            List<Finding> found = new ArrayList<>(detector.find(text));
            found.sort(Comparator.comparingInt(Finding::length).reversed());
            ranked.addAll(found);
        }
        List<Finding> chosen = new ArrayList<>();
        for (Finding candidate : ranked) {
            if (chosen.stream().noneMatch(candidate::overlaps)) {
                chosen.add(candidate);
            }
        }
        chosen.sort(Comparator.comparingInt(Finding::start));
        StringBuilder masked = new StringBuilder(text.length());
        int at = 0;
        for (Finding finding : chosen) {
            masked.append(text, at, finding.start())
                    .append(pseudonyms.of(finding.kind(), text.substring(finding.start(), finding.end())));
            at = finding.end();
        }
        return masked.append(text.substring(at)).toString();
    }

    private static List<Finding> knownValues(String text, Map<String, SensitiveKind> known) {
        List<Finding> found = new ArrayList<>();
        String lower = text.toLowerCase(Locale.ROOT);
        known.entrySet().stream().sorted(Comparator.comparingInt((Map.Entry<String, SensitiveKind> e) -> e.getKey()
                .length()).reversed()).forEach(entry -> {
                    String value = entry.getKey().toLowerCase(Locale.ROOT);
                    for (int at = lower.indexOf(value); at >= 0; at = lower.indexOf(value, at + value.length())) {
                        found.add(new Finding(at, at + value.length(), entry.getValue()));
                    }
                });
        return found;
    }
}
