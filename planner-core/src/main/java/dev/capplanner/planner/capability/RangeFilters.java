package dev.capplanner.planner.capability;

import dev.capplanner.contracts.inputschema.InputSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Ranges a question asks for, dates and amounts ("since 2026-10-01", "before March", "in the last
 * 3 days", "over 100 EUR", "between $20 and $50"), and the optional parameters of a schema that take
 * them (rule "schema-valid filters"). A bound binds only where the schema has a parameter for that
 * side of that kind (a date: {@code format: date} or a name with date, since, from, after, before,
 * until ...; an amount: a number whose name says min/max, from/to, over/under) and only as a value
 * the parameter accepts: an absolute ISO date for a date, the number within its declared range for
 * an amount. A month without a year or "last week" is not resolved into a date: it is a range the
 * plan cannot apply, said so ({@link UnmappedFilters}), never guessed.
 */
final class RangeFilters {

    enum Kind { DATE, AMOUNT }

    enum Side { LOWER, UPPER }

    /** One side of a range the question asks for: the user's words, and the value when it is absolute. */
    record Bound(Kind kind, Side side, String phrase, Object value) {
    }

    private static final String MONTH = "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?"
            + "|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
    private static final String ISO_DATE = "\\d{4}-\\d{2}-\\d{2}";
    private static final String DATE = "(?:" + ISO_DATE + "|" + MONTH + "(?:\\s+\\d{1,2})?(?:,?\\s+\\d{4})?"
            + "|\\d{1,2}\\s+" + MONTH + "(?:\\s+\\d{4})?|yesterday|today|last\\s+(?:week|month|year))";
    private static final String CURRENCY = "(?:eur|euros?|usd|dollars?|gbp|pounds?|chf|€|\\$|£)";
    private static final String AMOUNT = "(?:" + CURRENCY + "\\s*\\d+(?:[.,]\\d+)?|\\d+(?:[.,]\\d+)?\\s*" + CURRENCY
            + "(?![\\p{L}])|\\d+(?:[.,]\\d+)?(?=\\s*(?:[.?!,;]|$)))";

    private static final Pattern DATE_FROM = Pattern.compile("\\b(?:since|after|from|starting)\\s+(" + DATE + ")\\b");
    private static final Pattern DATE_UNTIL = Pattern.compile("\\b(?:before|until|till|up\\s+to)\\s+(" + DATE + ")\\b");
    private static final Pattern DATE_WITHIN = Pattern.compile("\\b(?:in|during)\\s+(" + MONTH + "(?:\\s+\\d{4})?)\\b");
    private static final Pattern DATE_RELATIVE = Pattern.compile(
            "\\b(?:in\\s+)?(?:the\\s+)?(?:last|past|previous)\\s+(?:\\d{1,3}\\s+)?(?:days?|weeks?|months?|years?)\\b"
                    + "|\\b(?:this|last)\\s+(?:week|month|year)\\b|\\b(?:yesterday|today)\\b");
    private static final Pattern AMOUNT_OVER = Pattern.compile(
            "(?:\\bover|\\babove|\\bmore\\s+than|\\bgreater\\s+than|\\bat\\s+least|\\bexceeding)\\s+(" + AMOUNT + ")");
    private static final Pattern AMOUNT_UNDER = Pattern.compile(
            "(?:\\bunder|\\bbelow|\\bless\\s+than|\\bat\\s+most|\\bcheaper\\s+than)\\s+(" + AMOUNT + ")");
    private static final Pattern AMOUNT_BETWEEN = Pattern.compile(
            "\\bbetween\\s+(" + AMOUNT + ")\\s+and\\s+(" + AMOUNT + ")");

    private static final Pattern DIGITS = Pattern.compile("\\d+(?:[.,]\\d+)?");
    private static final Pattern CAMEL_CASE = Pattern.compile("([a-z])([A-Z])");
    private static final Pattern NOT_LETTERS = Pattern.compile("[^a-z]+");

    private static final Set<String> DATE_WORDS = Set.of("date", "day", "since", "after", "before", "until", "created",
            "placed", "issued", "opened", "updated", "at", "on", "time");
    private static final Set<String> AMOUNT_WORDS = Set.of("amount", "total", "price", "value", "sum", "cost", "balance");
    private static final Set<String> LOWER_WORDS = Set.of("since", "after", "from", "start", "begin", "min", "minimum",
            "gte", "gt", "over", "above", "least");
    private static final Set<String> UPPER_WORDS = Set.of("before", "until", "to", "end", "max", "maximum", "lte", "lt",
            "under", "below", "most");

    private RangeFilters() {
    }

    /**
     * The last question read on this thread and its bounds, kept by the question's identity: one
     * planning pass asks about the same question object once per candidate capability and chain
     * (each a scan of seven patterns, about 15 us), while a question of another turn is another
     * object, even with the same words, so nothing is served from one turn to the next.
     */
    private static final ThreadLocal<Asked> LAST_ASKED = new ThreadLocal<>();

    private record Asked(String question, List<Bound> bounds) {
    }

    /** The range bounds the question asks for, in the order it states them. */
    static List<Bound> asked(String question) {
        Asked last = LAST_ASKED.get();
        if (last != null && last.question() == question) {
            return last.bounds();
        }
        List<Bound> bounds = List.copyOf(scanned(question));
        LAST_ASKED.set(new Asked(question, bounds));
        return bounds;
    }

    private static List<Bound> scanned(String question) {
        String asked = question.toLowerCase(Locale.ROOT);
        List<Bound> bounds = new ArrayList<>();
        Matcher between = AMOUNT_BETWEEN.matcher(asked);
        String rest = asked;
        while (between.find()) {
            bounds.add(amount(Side.LOWER, between.group(), between.group(1)));
            bounds.add(amount(Side.UPPER, between.group(), between.group(2)));
            rest = rest.replace(between.group(), " ");
        }
        for (Matcher over = AMOUNT_OVER.matcher(rest); over.find(); ) {
            bounds.add(amount(Side.LOWER, over.group(), over.group(1)));
        }
        for (Matcher under = AMOUNT_UNDER.matcher(rest); under.find(); ) {
            bounds.add(amount(Side.UPPER, under.group(), under.group(1)));
        }
        for (Matcher from = DATE_FROM.matcher(asked); from.find(); ) {
            bounds.add(date(Side.LOWER, from.group(), from.group(1)));
            rest = rest.replace(from.group(), " ");
        }
        for (Matcher until = DATE_UNTIL.matcher(asked); until.find(); ) {
            bounds.add(date(Side.UPPER, until.group(), until.group(1)));
            rest = rest.replace(until.group(), " ");
        }
        for (Matcher within = DATE_WITHIN.matcher(rest); within.find(); ) {
            bounds.add(new Bound(Kind.DATE, Side.LOWER, period(within.group()), null));
        }
        for (Matcher relative = DATE_RELATIVE.matcher(rest); relative.find(); ) {
            bounds.add(new Bound(Kind.DATE, Side.LOWER, period(relative.group()), null));
        }
        return bounds;
    }

    /** The optional parameters that take the question's absolute bounds, by name. */
    static Map<String, Object> from(InputSchema input, String question) {
        Map<String, Object> filters = new LinkedHashMap<>();
        for (Bound bound : asked(question)) {
            if (bound.value() == null) {
                continue;
            }
            for (InputSchema.Parameter declared : input.parameters()) {
                if (filters.containsKey(declared.name()) || declared.required() || declared.bound()) {
                    continue;
                }
                if (takes(declared.name(), declared.schema(), bound) && !filters.containsValue(bound.value())) {
                    filters.put(declared.name(), bound.value());
                }
            }
        }
        return filters;
    }

    private static boolean takes(String parameter, Map<?, ?> schema, Bound bound) {
        Set<String> words = Set.copyOf(words(parameter));
        boolean side = bound.side() == Side.LOWER ? words.stream().anyMatch(LOWER_WORDS::contains)
                : words.stream().anyMatch(UPPER_WORDS::contains);
        if (bound.kind() == Kind.DATE) {
            boolean dated = "date".equals(schema.get("format")) || "date-time".equals(schema.get("format"))
                    || words.stream().anyMatch(DATE_WORDS::contains);
            return "string".equals(schema.get("type")) && dated && side && !schema.containsKey("enum");
        }
        boolean numeric = "number".equals(schema.get("type")) || "integer".equals(schema.get("type"));
        boolean money = words.stream().anyMatch(AMOUNT_WORDS::contains) || words.stream().anyMatch(w ->
                w.equals("min") || w.equals("max") || w.equals("minimum") || w.equals("maximum"));
        double value = ((Number) bound.value()).doubleValue();
        boolean inRange = value >= number(schema.get("minimum"), Double.NEGATIVE_INFINITY)
                && value <= number(schema.get("maximum"), Double.POSITIVE_INFINITY)
                && (!"integer".equals(schema.get("type")) || value == Math.rint(value));
        return numeric && money && side && inRange;
    }

    private static Bound amount(Side side, String phrase, String amount) {
        Matcher digits = DIGITS.matcher(amount);
        digits.find();
        double value = Double.parseDouble(digits.group().replace(',', '.'));
        Object number = value == Math.rint(value) ? (Object) (long) value : (Object) value;
        return new Bound(Kind.AMOUNT, side, phrase.strip(), number);
    }

    /** A period in the words a summary can follow "not filtered by" with: "october", "last 3 days". */
    private static String period(String phrase) {
        return phrase.strip().replaceFirst("^(?:in|during)\\s+", "").replaceFirst("^the\\s+", "");
    }

    private static Bound date(Side side, String phrase, String date) {
        return new Bound(Kind.DATE, side, phrase.strip(), date.matches(ISO_DATE) ? date : null);
    }

    private static List<String> words(String parameter) {
        return List.of(NOT_LETTERS.split(CAMEL_CASE.matcher(parameter).replaceAll("$1 $2").toLowerCase(Locale.ROOT)));
    }

    private static double number(Object value, double otherwise) {
        return value instanceof Number number ? number.doubleValue() : otherwise;
    }
}
