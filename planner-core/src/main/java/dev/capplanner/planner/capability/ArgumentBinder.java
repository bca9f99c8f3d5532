package dev.capplanner.planner.capability;

import dev.capplanner.contracts.inputschema.InputSchema;
import dev.capplanner.planner.plan.Observed;
import dev.capplanner.planner.plan.SelectedRow;
import dev.capplanner.planner.plan.ToolSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Fills a capability's required arguments from what the user actually gave: the current selection
 * first (a selected customer's id answers {@code customerId}), then values in the question that
 * match the parameter's declared pattern (an e-mail address for a parameter of format
 * {@code email}), then a person's name for name parameters, then the question itself for a
 * free-text search parameter ({@code query}, {@code q}, {@code question}: a string without pattern,
 * format or enumeration, within its declared length), then values written the way people write them
 * ({@link NamedValues}: "rails/rails" where the path joins {@code {owner}/{repo}}, "issue 1234",
 * "user torvalds"), then what an earlier iteration's call returned. A required argument with no
 * source leaves the capability unbound: values are never invented. Optional arguments are added only
 * where the question states a schema-valid value ({@link SchemaFilters}).
 */
public final class ArgumentBinder {

    private static final java.util.Set<String> FREE_TEXT = java.util.Set.of("query", "q", "question");

    private static final Pattern EMAIL = Pattern.compile("[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}");

    /** Words that open a request or a question: capitalized by their place, not names. */
    private static final java.util.Set<String> SENTENCE_OPENERS = java.util.Set.of("show", "list", "find", "get",
            "give", "tell", "track", "display", "fetch", "look", "check", "search", "open", "print", "send", "pull",
            "bring", "what", "which", "who", "whom", "whose", "where", "when", "why", "how", "is", "are", "was",
            "were", "do", "does", "did", "has", "have", "had", "can", "could", "would", "will", "should", "please",
            "any", "all", "the", "a", "an", "my", "our", "hey", "hi", "hello", "and", "or", "but", "also", "then",
            "now", "so", "i", "we", "need", "want", "see", "lookup", "retrieve", "view");

    /** Capitalized words ("O'Brien", "Anne-Marie", "Conti's"), not an identifier's letters ("T-1024"). */
    private static final String CAPITALIZED_WORD = "[A-Z]\\p{L}+(?:['’-]\\p{L}+)*(?:['’]s)?(?![\\p{L}\\p{N}'’-])";
    private static final Pattern CAPITALIZED_RUN = Pattern.compile(
            "(?<![\\p{L}\\p{N}-])(" + CAPITALIZED_WORD + "(?:\\s+" + CAPITALIZED_WORD + ")+)");

    public Optional<Map<String, Object>> bind(ToolSpec capability, String question, SelectedRow selection) {
        Map<String, Object> arguments = new LinkedHashMap<>();
        for (String parameter : capability.requiredInputs()) {
            if (capability.hiddenInputs().contains(parameter)) {
                continue;
            }
            Optional<Object> value = bindOne(capability, parameter, question, selection);
            if (value.isEmpty()) {
                return Optional.empty();
            }
            arguments.put(parameter, value.get());
        }
        filters(capability, question).forEach(arguments::putIfAbsent);
        return Optional.of(arguments);
    }

    /** One input's value from the selection or the question, if the user gave it. */
    /** The optional arguments the question states schema-valid values for ({@link SchemaFilters}). */
    public Map<String, Object> filters(ToolSpec capability, String question) {
        return SchemaFilters.from(capability.input(), question, capability.entity());
    }

    public Optional<Object> bindOne(ToolSpec capability, String parameter, String question, SelectedRow selection) {
        return bindOne(capability, parameter, question, selection, List.of());
    }

    /**
     * One input's value from the selection, the question, or what an earlier iteration's call
     * returned: the one value observed at a path of the input's name ({@code customerId}), or at the
     * {@code id} of a result of the input's entity ({@code id} of a customer for {@code customerId}).
     * Several values observed bind nothing: which one is the user's to choose.
     */
    public Optional<Object> bindOne(ToolSpec capability, String parameter, String question, SelectedRow selection,
                                    List<Observed> evidence) {
        Map<String, Object> declared = capability.input().parameter(parameter).map(InputSchema.Parameter::schema)
                .orElse(Map.of());
        return fromSelection(parameter, selection)
                .or(() -> fromQuestion(capability, parameter, declared, question))
                .or(() -> fromEvidence(parameter, evidence));
    }

    private static Optional<Object> fromEvidence(String parameter, List<Observed> evidence) {
        java.util.Set<String> values = new java.util.LinkedHashSet<>();
        for (Observed observed : evidence) {
            observed.values().forEach((path, found) -> {
                String field = path.substring(path.lastIndexOf('.') + 1).replace("[]", "");
                boolean named = field.equals(parameter) || field.equals("id") && observed.entity() != null
                        && parameter.equalsIgnoreCase(observed.entity().replace(" ", "") + "Id");
                if (named) {
                    values.addAll(found);
                }
            });
        }
        return values.size() == 1 ? Optional.of(values.iterator().next()) : Optional.empty();
    }

    private static Optional<Object> fromSelection(String parameter, SelectedRow selection) {
        if (selection == null || selection.row() == null) {
            return Optional.empty();
        }
        if (selection.row().get(parameter) != null) {
            return Optional.of(selection.row().get(parameter));
        }
        String entityOfParameter = parameter.endsWith("Id") ? parameter.substring(0, parameter.length() - 2) : null;
        if (entityOfParameter != null && entityOfParameter.equals(selection.entity().toLowerCase(Locale.ROOT))
                && selection.row().get("id") != null) {
            return Optional.of(selection.row().get("id"));
        }
        return Optional.empty();
    }

    private static Optional<Object> fromQuestion(ToolSpec capability, String parameter, Map<String, Object> schema,
                                                 String question) {
        if ("email".equals(schema.get("format"))) {
            Matcher email = EMAIL.matcher(question);
            return email.find() ? Optional.of(email.group()) : Optional.empty();
        }
        Object pattern = schema.get("pattern");
        if (pattern instanceof String regex) {
            Matcher matcher = Pattern.compile(unanchored(regex)).matcher(question);
            return matcher.find() ? Optional.of(matcher.group()) : Optional.empty();
        }
        boolean plainString = "string".equals(schema.get("type")) && !schema.containsKey("format")
                && !schema.containsKey("enum");
        if (plainString) {
            Optional<Object> joined = NamedValues.joinedInPath(capability.path(), parameter, question);
            if (joined.isPresent()) {
                return joined;
            }
        }
        if (plainString && isPersonName(parameter)) {
            return personName(question);
        }
        if (isFreeText(parameter, schema)) {
            String text = question.strip();
            boolean fits = text.length() >= intOf(schema.get("minLength"), 1)
                    && text.length() <= intOf(schema.get("maxLength"), Integer.MAX_VALUE);
            return fits ? Optional.of(text) : Optional.empty();
        }
        if ("integer".equals(schema.get("type"))) {
            return NamedValues.numberNamedBy(parameter, schema, capability.entity(), question);
        }
        if (!plainString) {
            return Optional.empty();
        }
        Optional<Object> named = NamedValues.identifierNamedBy(parameter, question, ownWords(capability));
        return named.isPresent() ? named
                : NamedValues.possessiveOwner(parameter, capability.entity(), question, ownWords(capability));
    }

    /** A name parameter that holds a person's name, not a handle or a thing's name ({@code username}, {@code filename}). */
    private static boolean isPersonName(String parameter) {
        String name = parameter.toLowerCase(Locale.ROOT).replaceAll("[^a-z]", "");
        return name.endsWith("name") && NOT_PERSON_NAMES.stream().noneMatch(name::startsWith);
    }

    private static final java.util.Set<String> NOT_PERSON_NAMES = java.util.Set.of("user", "login", "screen", "nick",
            "host", "file", "path", "tag", "branch", "repo", "org", "domain", "bucket", "table", "topic", "field",
            "project", "team", "group", "channel", "environment", "package", "image", "database", "schema", "key");

    /** The words a capability uses itself: its entity, parameters and description are no values for it. */
    private static java.util.Set<String> ownWords(ToolSpec capability) {
        java.util.Set<String> words = new java.util.HashSet<>();
        String text = (capability.entity() == null ? "" : capability.entity()) + " " + capability.description() + " "
                + String.join(" ", capability.input().parameters().stream().map(InputSchema.Parameter::name).toList());
        for (String word : text.toLowerCase(Locale.ROOT).split("[^a-z0-9]+")) {
            if (!word.isEmpty()) {
                words.add(word);
            }
        }
        return words;
    }

    private static boolean isFreeText(String parameter, Map<String, Object> schema) {
        return FREE_TEXT.contains(parameter.toLowerCase(Locale.ROOT)) && "string".equals(schema.get("type"))
                && !schema.containsKey("pattern") && !schema.containsKey("format") && !schema.containsKey("enum");
    }

    private static int intOf(Object value, int otherwise) {
        return value instanceof Number number ? number.intValue() : otherwise;
    }

    /**
     * A run of two or more capitalized words; at the start of a sentence its first word is left out
     * when it is a word that opens requests and questions ("Show Anna Conti's orders", "Does Marco
     * Rossi ...") rather than a name ("Lorenzo Moretti's orders").
     */
    private static Optional<Object> personName(String question) {
        Matcher matcher = CAPITALIZED_RUN.matcher(question);
        while (matcher.find()) {
            String run = matcher.group(1);
            String[] words = run.split("\\s+");
            if (startsSentence(question, matcher.start()) && SENTENCE_OPENERS.contains(words[0].toLowerCase(Locale.ROOT))) {
                if (words.length < 3) {
                    continue;
                }
                words = java.util.Arrays.copyOfRange(words, 1, words.length);
            }
            return Optional.of(String.join(" ", words).replaceAll("['’]s$", ""));
        }
        return Optional.empty();
    }

    /** Whether only white space lies between the sentence's end (or the question's start) and {@code index}. */
    private static boolean startsSentence(String question, int index) {
        int before = index - 1;
        while (before >= 0 && Character.isWhitespace(question.charAt(before))) {
            before--;
        }
        return before < 0 || ".?!;:".indexOf(question.charAt(before)) >= 0;
    }

    private static String unanchored(String regex) {
        String body = regex.startsWith("^") ? regex.substring(1) : regex;
        body = body.endsWith("$") ? body.substring(0, body.length() - 1) : body;
        return "(?<![\\p{Alnum}])" + body + "(?![\\p{Alnum}])";
    }
}
