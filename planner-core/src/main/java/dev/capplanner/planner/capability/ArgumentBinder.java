package dev.capplanner.planner.capability;

import dev.capplanner.contracts.entities.PersonNames;
import dev.capplanner.contracts.inputschema.BoundedMatch;
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

    /** Characters one search of a question may read: far above an identifier's needs, far below a backtracking pattern's. */
    private static final long MATCH_STEPS = 100_000;
    /** A declared pattern longer than this is no identifier's form. */
    private static final int LONGEST_PATTERN = 500;

    private static final Pattern EMAIL = Pattern.compile("[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}");

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

    /** The optional arguments the question states schema-valid values for ({@link SchemaFilters}). */
    public Map<String, Object> filters(ToolSpec capability, String question) {
        Map<String, Object> filters = SchemaFilters.from(capability.input(), question, capability.entity());
        // "runs of the ci.yml workflow on the main branch": a plain name written beside its parameter's word.
        java.util.Set<String> ownWords = null;
        for (InputSchema.Parameter declared : capability.input().parameters()) {
            if (!declared.required() && !declared.bound() && !filters.containsKey(declared.name())
                    && isPlainString(declared.schema())) {
                ownWords = ownWords == null ? ownWords(capability) : ownWords;
                NamedValues.identifierNamedBy(declared.name(), question, ownWords)
                        .ifPresent(value -> filters.put(declared.name(), value));
            }
        }
        return filters;
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
            return declaredForm(regex).flatMap(form -> BoundedMatch.find(form, question, MATCH_STEPS))
                    .map(Object.class::cast);
        }
        boolean plainString = isPlainString(schema) || (alternatives(schema).stream().anyMatch(ArgumentBinder::isPlainString)
                && !schema.containsKey("format") && !schema.containsKey("enum"));
        if (plainString) {
            Optional<Object> joined = NamedValues.joinedInPath(capability.path(), parameter, question);
            if (joined.isPresent()) {
                return joined;
            }
        }
        if (plainString && PersonNames.isPersonNameParameter(parameter)) {
            // A person's name is written as one, or not given: "Name and city please" gives none.
            return PersonNames.in(question).map(Object.class::cast);
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
        if (plainString && alternatives(schema).stream().anyMatch(one -> "integer".equals(one.get("type")))) {
            // "workflow 161335 or its file name": a number after the name's words first, else a name beside them.
            Optional<Object> number = NamedValues.numberNamedBy(parameter, Map.of("type", "integer"),
                    capability.entity(), question);
            if (number.isPresent()) {
                return number;
            }
        }
        if (!plainString) {
            return Optional.empty();
        }
        java.util.Set<String> ownWords = ownWords(capability);
        Optional<Object> named = NamedValues.identifierNamedBy(parameter, question, ownWords)
                .or(() -> NamedValues.possessiveOwner(parameter, capability.entity(), question, ownWords));
        if (named.isPresent() || !readsOneRecord(capability) || !onlyOpenInput(capability, parameter, question)) {
            return named;
        }
        return NamedValues.valueBeforeEntity(capability.entity(), capability.path(), question, ownWords);
    }

    private static boolean readsOneRecord(ToolSpec capability) {
        return "detail".equals(capability.operation()) || "get".equals(capability.operation());
    }

    /**
     * Whether every other required input of the capability is filled from the question already: the
     * value before the entity's word then picks the record by this one ("the v1.0.0 release of
     * denoland/deno" for {@code tag}), not by an input the question leaves open.
     */
    private static boolean onlyOpenInput(ToolSpec capability, String parameter, String question) {
        for (String other : capability.requiredInputs()) {
            if (other.equals(parameter) || capability.hiddenInputs().contains(other)) {
                continue;
            }
            Map<String, Object> schema = capability.input().parameter(other).map(InputSchema.Parameter::schema)
                    .orElse(Map.of());
            boolean given = NamedValues.joinedInPath(capability.path(), other, question).isPresent()
                    || schema.get("pattern") instanceof String regex
                            && declaredForm(regex).flatMap(form -> BoundedMatch.find(form, question, MATCH_STEPS))
                                    .isPresent()
                    || "email".equals(schema.get("format")) && EMAIL.matcher(question).find();
            if (!given) {
                return false;
            }
        }
        return true;
    }

    private static boolean isPlainString(Map<?, ?> schema) {
        return "string".equals(schema.get("type")) && !schema.containsKey("format") && !schema.containsKey("enum")
                && !schema.containsKey("pattern");
    }

    /** The alternatives of a schema written as {@code oneOf} or {@code anyOf} ("an id or a file name"). */
    private static List<Map<?, ?>> alternatives(Map<String, Object> schema) {
        Object listed = schema.containsKey("oneOf") ? schema.get("oneOf") : schema.get("anyOf");
        if (!(listed instanceof List<?> options)) {
            return List.of();
        }
        return options.stream().filter(Map.class::isInstance).<Map<?, ?>>map(Map.class::cast).toList();
    }

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
     * A declared pattern as a form to find in a question, or none when it does not compile: remote
     * text, searched within {@link #MATCH_STEPS} characters read, so a pattern that backtracks without
     * end finds nothing instead of holding the planner's thread.
     */
    private static Optional<Pattern> declaredForm(String regex) {
        if (regex.length() > LONGEST_PATTERN) {
            return Optional.empty();
        }
        try {
            return Optional.of(Pattern.compile(unanchored(regex)));
        } catch (java.util.regex.PatternSyntaxException | StackOverflowError e) {
            return Optional.empty();
        }
    }

    private static String unanchored(String regex) {
        String body = regex.startsWith("^") ? regex.substring(1) : regex;
        body = body.endsWith("$") ? body.substring(0, body.length() - 1) : body;
        return "(?<![\\p{Alnum}])" + body + "(?![\\p{Alnum}])";
    }
}
