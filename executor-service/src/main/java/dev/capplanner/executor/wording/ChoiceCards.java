package dev.capplanner.executor.wording;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Builds the compact card a person chooses from (seed opamp: "candidate summary (instance id, name,
 * ... plus attributes used for matching)"): the identifier, the attributes the lookup matched on,
 * and at most two attributes that tell the shown matches apart: first the matched-on ones that do,
 * then the others picked greedily by how many pairs of matches each one separates (ties to the
 * shorter values, then to the row's order). Values are compared as they are shown.
 */
public final class ChoiceCards {

    static final int MAX_OPTIONS = 10;
    static final int MAX_DIFFER_BY = 2;
    /** The identifier, at most five matched-on attributes, then those that tell the matches apart. */
    static final int MAX_MATCHED_ON = 5;
    /** Attributes considered per card: a row with thousands of members costs no more than this. */
    static final int MAX_CANDIDATES = 64;
    static final int MAX_VALUE = 80;
    static final String IDENTIFIER = "id";

    /** A column is named by the tool's output: only a plain attribute name may become one. */
    private static final Pattern ATTRIBUTE = Pattern.compile("[A-Za-z][A-Za-z0-9_]{0,39}");
    private static final Pattern INVISIBLE = Pattern.compile("[\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}\\p{Zs}]+");

    private ChoiceCards() {
    }

    /**
     * The card for {@code rows} (a collection's complete rows, in order), looked up by {@code
     * matchedOn} (the call's argument names); empty when none of the first rows is a record.
     */
    public static Optional<ChoiceCard> of(String entity, List<?> rows, Iterable<String> matchedOn) {
        List<Integer> positions = new ArrayList<>();
        List<Map<?, ?>> shown = new ArrayList<>();
        for (int i = 0; i < Math.min(rows.size(), MAX_OPTIONS); i++) {
            if (rows.get(i) instanceof Map<?, ?> row) {
                positions.add(i + 1);
                shown.add(row);
            }
        }
        if (shown.isEmpty()) {
            return Optional.empty();
        }
        Set<String> columns = new LinkedHashSet<>();
        if (shown.stream().anyMatch(row -> scalar(row.get(IDENTIFIER)))) {
            columns.add(IDENTIFIER);
        }
        List<String> matched = new ArrayList<>();
        for (String argument : matchedOn) {
            if (matched.size() == MAX_MATCHED_ON) {
                break;
            }
            if (!argument.equals(IDENTIFIER) && ATTRIBUTE.matcher(argument).matches()
                    && shown.stream().anyMatch(row -> scalar(row.get(argument)))) {
                matched.add(argument);
            }
        }
        columns.addAll(matched);
        List<String> differBy = differBy(shown, matched);
        columns.addAll(differBy);
        List<ChoiceCard.Option> options = new ArrayList<>();
        for (int i = 0; i < shown.size(); i++) {
            Map<String, String> values = new LinkedHashMap<>();
            for (String column : columns) {
                String value = text(shown.get(i).get(column));
                if (value != null) {
                    values.put(column, value);
                }
            }
            options.add(new ChoiceCard.Option(positions.get(i), values));
        }
        return Optional.of(new ChoiceCard(TargetWords.safeEntity(entity), rows.size(), List.copyOf(columns), differBy,
                options));
    }

    /**
     * The attributes that tell the rows apart, at most {@value #MAX_DIFFER_BY} in all: the matched-on
     * ones that separate a pair not yet told apart, then, while pairs are left, the others that
     * separate the most of them.
     */
    private static List<String> differBy(List<Map<?, ?>> rows, List<String> matched) {
        long pairs = (long) rows.size() * (rows.size() - 1) / 2;
        Set<Long> apart = new HashSet<>();
        List<String> chosen = new ArrayList<>();
        for (String attribute : matched) {
            if (chosen.size() == MAX_DIFFER_BY || apart.size() == pairs) {
                break;
            }
            Set<Long> separates = separated(rows, attribute, apart);
            if (!separates.isEmpty()) {
                chosen.add(attribute);
                apart.addAll(separates);
            }
        }
        Set<String> candidates = new LinkedHashSet<>();
        for (Map<?, ?> row : rows) {
            for (Map.Entry<?, ?> entry : row.entrySet()) {
                if (candidates.size() == MAX_CANDIDATES) {
                    break;
                }
                if (entry.getKey() instanceof String key && ATTRIBUTE.matcher(key).matches() && !key.equals(IDENTIFIER)
                        && !matched.contains(key) && scalar(entry.getValue())) {
                    candidates.add(key);
                }
            }
        }
        while (chosen.size() < MAX_DIFFER_BY && apart.size() < pairs) {
            String best = null;
            Set<Long> bestSeparates = Set.of();
            double bestLength = Double.MAX_VALUE;
            for (String candidate : candidates) {
                Set<Long> separates = separated(rows, candidate, apart);
                double length = averageLength(rows, candidate);
                if (separates.size() > bestSeparates.size()
                        || separates.size() == bestSeparates.size() && !separates.isEmpty() && length < bestLength) {
                    best = candidate;
                    bestSeparates = separates;
                    bestLength = length;
                }
            }
            if (best == null || bestSeparates.isEmpty()) {
                break;
            }
            chosen.add(best);
            candidates.remove(best);
            apart.addAll(bestSeparates);
        }
        return chosen;
    }

    private static Set<Long> separated(List<Map<?, ?>> rows, String attribute, Set<Long> already) {
        Set<Long> separates = new HashSet<>();
        for (int i = 0; i < rows.size(); i++) {
            for (int j = i + 1; j < rows.size(); j++) {
                long pair = (long) i * rows.size() + j;
                if (!already.contains(pair) && !Objects.equals(text(rows.get(i).get(attribute)),
                        text(rows.get(j).get(attribute)))) {
                    separates.add(pair);
                }
            }
        }
        return separates;
    }

    private static double averageLength(List<Map<?, ?>> rows, String attribute) {
        return rows.stream().mapToInt(row -> {
            String text = text(row.get(attribute));
            return text == null ? 0 : text.length();
        }).average().orElse(0);
    }

    private static boolean scalar(Object value) {
        return value instanceof String || value instanceof Number || value instanceof Boolean;
    }

    /**
     * A scalar as a person sees it: invisible and control characters as one space, at most {@value
     * #MAX_VALUE} characters, never half a character; null for anything else.
     */
    static String text(Object value) {
        if (!scalar(value)) {
            return null;
        }
        String text = INVISIBLE.matcher(String.valueOf(value)).replaceAll(" ").strip();
        if (text.codePointCount(0, text.length()) <= MAX_VALUE) {
            return text;
        }
        return text.substring(0, text.offsetByCodePoints(0, MAX_VALUE - 1)) + "…";
    }
}
