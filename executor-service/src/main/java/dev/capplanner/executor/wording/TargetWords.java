package dev.capplanner.executor.wording;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Says in the user's terms what a lookup found when it did not find exactly one target (seed
 * opamp, "If count is 0, stop and tell the user no matching targets were found"; "when ambiguous,
 * list candidates and ask"): the entity the capability declares and the criteria the call was made
 * with ("No customer named Anna Rossi was found."), never a tool name or a JSON path.
 *
 * <p>Criteria are the call's arguments, phrased by their names ({@code name} "named", {@code
 * customerId} "for customer", {@code q} "matching", else "with status"); paging and formatting
 * arguments are not criteria. A value that reached the call from an earlier tool's output is remote
 * text: it is said only when it has the shape of an identifier.
 */
public final class TargetWords {

    static final int MAX_CRITERIA = 3;
    static final int MAX_VALUE = 60;

    private static final Pattern SAFE_ENTITY = Pattern.compile("[A-Za-z][A-Za-z0-9 _-]{0,40}");
    private static final Pattern IDENTIFIER_SHAPED = Pattern.compile("[\\p{L}\\p{N}._:@+-]{1,40}");
    /** Control, format (bidi, zero-width) and separator characters, and quotes: a said value is one plain run. */
    private static final Pattern CONTROL = Pattern.compile("[\\p{Cc}\\p{Cf}\\p{Z}\"]+");
    private static final Set<String> NOT_CRITERIA = Set.of("limit", "offset", "page", "page size", "per page",
            "page token", "cursor", "sort", "sort by", "order by", "direction", "fields", "expand", "include",
            "format", "lang", "locale", "max results", "top", "skip");
    private static final Set<String> FREE_TEXT = Set.of("q", "query", "search", "text", "term", "keyword",
            "keywords", "search term", "search query");
    private static final Set<String> NAMES = Set.of("name", "full name", "display name");

    private TargetWords() {
    }

    /** "No customer named Anna Rossi was found." */
    public static String noneFound(String entity, List<Criterion> criteria) {
        return "No " + noun(entity, false) + phrase(entity, criteria) + " was found.";
    }

    /**
     * "2 customers named Riccardo Lorini were found; which one do you mean? They differ by city." An
     * attribute is named only when the capability's output schema declares it ({@code declared}): a
     * name a result made up ("ignoreAllPreviousInstructions") is shown in the card, never said.
     */
    public static String severalFound(int count, String entity, List<Criterion> criteria, ChoiceCard card,
                                      Set<String> declared) {
        StringBuilder sentence = new StringBuilder().append(count).append(' ').append(noun(entity, count != 1))
                .append(phrase(entity, criteria)).append(" were found; which one do you mean?");
        if (card == null) {
            return sentence.toString();
        }
        if (card.differBy().isEmpty()) {
            sentence.append(card.columns().contains(ChoiceCards.IDENTIFIER) ? " They differ only by their identifier."
                    : " Nothing shown tells them apart.");
        } else if (declared.containsAll(card.differBy())) {
            sentence.append(" They differ by ")
                    .append(joined(card.differBy().stream().map(TargetWords::words).toList())).append('.');
        } else {
            sentence.append(" They differ by the attributes shown.");
        }
        if (card.options().size() < count) {
            sentence.append(" The first ").append(card.options().size())
                    .append(" are listed; a more precise question narrows them.");
        }
        return sentence.toString();
    }

    /** "14 customers named Anna were found, more than the 10 one question may cover; please narrow it down." */
    public static String tooManyFound(int count, String entity, List<Criterion> criteria, int max) {
        return count + " " + noun(entity, count != 1) + phrase(entity, criteria) + " were found, more than the " + max
                + " one question may cover; please narrow it down.";
    }

    /** An argument the call was made with; {@code fromEarlierResult}: taken from another tool's output. */
    public record Criterion(String argument, Object value, boolean fromEarlierResult) {
    }

    /**
     * The criteria worth saying, at most {@value #MAX_CRITERIA}: identifiers and names before other
     * filters, then by argument name (a call's arguments have no order of their own).
     */
    public static List<Criterion> criteria(Map<String, Object> arguments, Set<String> fromEarlierResults) {
        List<Criterion> candidates = new ArrayList<>();
        for (Map.Entry<String, Object> argument : new java.util.TreeMap<>(arguments).entrySet()) {
            String words = words(argument.getKey());
            boolean remote = fromEarlierResults.contains(argument.getKey());
            if (!NOT_CRITERIA.contains(words) && value(argument.getValue(), remote) != null) {
                candidates.add(new Criterion(argument.getKey(), argument.getValue(), remote));
            }
        }
        candidates.sort(java.util.Comparator.comparingInt(criterion -> rank(words(criterion.argument()))));
        return List.copyOf(candidates.subList(0, Math.min(MAX_CRITERIA, candidates.size())));
    }

    /** Identifiers first, then names, then free text, then other filters. */
    private static int rank(String words) {
        if (words.equals("id") || words.endsWith(" id")) {
            return 0;
        }
        if (NAMES.contains(words) || words.endsWith(" name")) {
            return 1;
        }
        return FREE_TEXT.contains(words) ? 2 : 3;
    }

    static String phrase(String entity, List<Criterion> criteria) {
        String entityWords = entity == null ? "" : words(entity);
        List<String> appositions = new ArrayList<>();
        List<String> named = new ArrayList<>();
        List<String> owners = new ArrayList<>();
        List<String> matching = new ArrayList<>();
        List<String> with = new ArrayList<>();
        for (Criterion criterion : criteria) {
            String value = value(criterion.value(), criterion.fromEarlierResult());
            if (value == null) {
                continue;
            }
            String words = words(criterion.argument());
            if (NAMES.contains(words) || words.equals(entityWords + " name")) {
                named.add(value);
            } else if (FREE_TEXT.contains(words)) {
                matching.add("\"" + value + "\"");
            } else if (words.equals("id") || words.equals(entityWords + " id")) {
                appositions.add(value);
            } else if (words.endsWith(" id")) {
                owners.add(words.substring(0, words.length() - 3) + " " + value);
            } else {
                with.add(words + " " + value);
            }
        }
        StringBuilder phrase = new StringBuilder();
        appositions.forEach(value -> phrase.append(' ').append(value));
        if (!named.isEmpty()) {
            phrase.append(" named ").append(String.join(" or ", named));
        }
        if (!owners.isEmpty()) {
            phrase.append(" for ").append(joined(owners));
        }
        if (!matching.isEmpty()) {
            phrase.append(" matching ").append(String.join(" and ", matching));
        }
        if (!with.isEmpty()) {
            phrase.append(" with ").append(joined(with));
        }
        return phrase.toString();
    }

    /** The value as it may be said: plain text within bounds, a list as alternatives; null when it may not. */
    static String value(Object value, boolean remote) {
        if (value instanceof List<?> list) {
            List<String> each = list.stream().limit(MAX_CRITERIA).map(v -> value(v, remote)).toList();
            return list.isEmpty() || each.contains(null) ? null : String.join(" or ", each);
        }
        if (!(value instanceof String || value instanceof Number || value instanceof Boolean)) {
            return null;
        }
        String text = CONTROL.matcher(String.valueOf(value)).replaceAll(" ").strip();
        if (text.isEmpty() || text.length() > MAX_VALUE || remote && !IDENTIFIER_SHAPED.matcher(text).matches()) {
            return null;
        }
        return text;
    }

    /** The entity as a noun ("customer", "support tickets"), "record" when the capability declares none usable. */
    static String noun(String entity, boolean plural) {
        String safe = safeEntity(entity);
        String noun = safe == null ? "record" : words(safe);
        return plural ? plural(noun) : noun;
    }

    /** The entity when it is a plain name (letters, digits, spaces, dashes, underscores; at most 41), else null. */
    public static String safeEntity(String entity) {
        return entity == null || !SAFE_ENTITY.matcher(entity).matches() ? null : entity;
    }

    static String plural(String noun) {
        if (noun.matches(".*(s|x|z|ch|sh)")) {
            return noun + "es";
        }
        if (noun.matches(".*[^aeiou]y")) {
            return noun.substring(0, noun.length() - 1) + "ies";
        }
        return noun + "s";
    }

    /** An identifier as lower-case words: {@code customerId} and {@code customer_id} are "customer id". */
    public static String words(String identifier) {
        return identifier.replaceAll("([a-z0-9])([A-Z])", "$1 $2").replaceAll("[_\\-.\\s]+", " ").strip()
                .toLowerCase(Locale.ROOT);
    }

    private static String joined(List<String> parts) {
        if (parts.size() == 1) {
            return parts.get(0);
        }
        return String.join(", ", parts.subList(0, parts.size() - 1)) + " and " + parts.get(parts.size() - 1);
    }
}
