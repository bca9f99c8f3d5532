package dev.capplanner.router.routing;

import dev.capplanner.contracts.entities.NumberedRecords;
import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.inputschema.BoundedMatch;
import dev.capplanner.contracts.inputschema.InputSchema;
import dev.capplanner.router.ranking.MatchReason;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The records a question identifies are where its plan starts: "before I escalate T-4375, check
 * whether that customer has unpaid invoices" starts from ticket T-4375, whose detail gives the
 * customer, though the question's words rank invoice tools first. So the capability that reads one
 * record of its own entity by an identifier the question writes in that identifier's declared form
 * (tickets.detail for {@code ticketId}, pattern {@code ^T-[0-9]{4}$}) joins the route when the
 * rankers left it out. Only readers of one record (a detail or get operation) whose every required
 * input the question gives this way, and whose identifying input names their own entity: a list that
 * takes a customer's identifier reads that customer's orders, not the customer. A record people name
 * by a number ("issue 1234", "PR #5000": {@link NumberedRecords}, the rule the planner binds by) is
 * identified alike: a reader of one record of its entity whose one whole-number input names that
 * entity ({@code issue_number} of issues_get), the others (an owner, a repository) the planner's.
 */
final class IdentifiedRecords {

    private static final Set<String> ONE_RECORD = Set.of("detail", "get");
    private static final Pattern TOKEN = Pattern.compile("[\\p{Alnum}][\\p{Alnum}_.:-]*[\\p{Alnum}]|\\p{Alnum}");
    /** A value is at most this long: an identifier, not a sentence. */
    private static final int LONGEST_VALUE = 64;
    /** A declared pattern longer than this is not an identifier's form (and is not compiled). */
    private static final int LONGEST_PATTERN = 200;
    /** Declared patterns, compiled once: a catalog repeats a few identifier forms across its capabilities. */
    private static final java.util.Map<String, Optional<Pattern>> COMPILED = java.util.Collections.synchronizedMap(
            new java.util.LinkedHashMap<>(64, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(java.util.Map.Entry<String, Optional<Pattern>> eldest) {
                    return size() > 4_096;
                }
            });
    /** Characters one match may read: far above an identifier's needs, far below a backtracking pattern's. */
    private static final long MATCH_STEPS = 10_000;
    /** A number and a word with a digit: an identifier's form takes at most one of them. */
    private static final List<String> PROBES = List.of("1", "a1");
    /** Snapshots whose readers are kept (a router serves a few tenants' snapshots at a time). */
    private static final int SNAPSHOTS_KEPT = 64;
    /** At most this many readers join one route, however many identifiers a question writes. */
    static final int MOST_READERS = 2;

    private IdentifiedRecords() {
    }

    /**
     * The route with the readers of the records the question identifies right after its
     * {@code leading} best-ranked candidates (moved up when the rankers placed them lower, added when
     * they left them out), so that the lowest-ranked places, which a full route gives up first, are
     * not theirs.
     */
    static List<RoutedCandidate> with(List<RoutedCandidate> routed, String question, List<Capability> snapshot,
                                      int leading, int limit) {
        List<String> values = values(question);
        // An empty route stays empty (rule "no fit, no route"): a value alone says no capability fits.
        if (values.isEmpty() || routed.isEmpty()) {
            return routed;
        }
        int lead = Math.min(leading, routed.size());
        Set<String> leadingNames = new HashSet<>();
        routed.subList(0, lead).forEach(candidate -> leadingNames.addAll(candidate.offeredNames()));
        List<RoutedCandidate> readers = new ArrayList<>();
        // Readers the rankers placed lower come first, then the snapshot's others.
        for (RoutedCandidate candidate : routed.subList(lead, routed.size())) {
            if (readers.size() < MOST_READERS && (identifiedBy(candidate.capability(), values).isPresent()
                    || numberedBy(candidate.capability(), question).isPresent())) {
                readers.add(candidate);
            }
        }
        Set<String> present = new HashSet<>(leadingNames);
        routed.forEach(candidate -> present.addAll(candidate.offeredNames()));
        Readers ofSnapshot = Readers.of(snapshot);
        addAbsent(readers, present, ofSnapshot.identifiedBy(values), "pattern");
        addAbsent(readers, present, ofSnapshot.numberedBy(question), "number");
        if (readers.isEmpty()) {
            return routed;
        }
        List<RoutedCandidate> with = new ArrayList<>(routed.subList(0, lead));
        readers.stream().distinct().forEach(with::add);
        routed.subList(lead, routed.size()).stream().filter(candidate -> !with.contains(candidate)).forEach(with::add);
        return with.size() > limit ? List.copyOf(with.subList(0, limit)) : with;
    }

    /** The readers not routed yet, up to {@value #MOST_READERS} in all, each matched on its identifying input. */
    private static void addAbsent(List<RoutedCandidate> readers, Set<String> present, List<Reader> found, String by) {
        for (Reader reader : found) {
            if (readers.size() >= MOST_READERS) {
                return;
            }
            if (present.add(reader.capability().name())) {
                readers.add(new RoutedCandidate(reader.capability(), 0.0,
                        List.of(new MatchReason.TermMatch(reader.identifying(), by))));
            }
        }
    }

    /**
     * A capability that reads one record, the input that identifies it, and the forms of every required
     * input (none for a numbered reader, which {@code numberSchema}, its number's schema, bounds instead).
     */
    private record Reader(Capability capability, String identifying, List<String> forms,
                          java.util.Map<String, Object> numberSchema, List<String> naming) {
    }

    /**
     * A snapshot's readers by the declared forms they require, built once per snapshot (the router
     * asks of the same snapshot turn after turn): a question then costs a match of its values per
     * distinct form, not a parse of every capability's schema.
     */
    private record Readers(java.util.Map<String, List<Reader>> byForm, List<Reader> all, List<Reader> numbered,
                           java.util.Map<String, List<Reader>> numberedByWord) {

        private static final PerSnapshot<Readers> OF_SNAPSHOT = new PerSnapshot<>(SNAPSHOTS_KEPT, Readers::build);

        static Readers of(List<Capability> snapshot) {
            return OF_SNAPSHOT.of(snapshot);
        }

        private static Readers build(List<Capability> snapshot) {
            java.util.Map<String, List<Reader>> byForm = new java.util.LinkedHashMap<>();
            List<Reader> all = new ArrayList<>();
            List<Reader> numbered = new ArrayList<>();
            for (Capability capability : snapshot) {
                reader(capability).ifPresent(reader -> {
                    all.add(reader);
                    reader.forms().forEach(form -> byForm.computeIfAbsent(form, f -> new ArrayList<>()).add(reader));
                });
                numberedReader(capability).ifPresent(numbered::add);
            }
            java.util.Map<String, List<Reader>> numberedByWord = new java.util.HashMap<>();
            numbered.forEach(reader -> reader.naming().forEach(word ->
                    numberedByWord.computeIfAbsent(word, w -> new ArrayList<>()).add(reader)));
            return new Readers(byForm, List.copyOf(all), List.copyOf(numbered), numberedByWord);
        }

        /**
         * The numbered readers whose number the question writes after a word of its name, in snapshot
         * order: only those a word before one of its numbers names are looked at.
         */
        List<Reader> numberedBy(String question) {
            List<NumberedRecords.WrittenNumber> numbers = NumberedRecords.numbers(question);
            if (numbers.isEmpty()) {
                return List.of();
            }
            Set<Reader> named = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
            NumberedRecords.namingCandidates(numbers).forEach(word ->
                    named.addAll(numberedByWord.getOrDefault(word, List.of())));
            return numbered.stream().filter(named::contains).filter(reader -> NumberedRecords.namedBy(
                    reader.naming(), reader.numberSchema(), numbers).isPresent()).toList();
        }

        /** The readers whose every required form one of the values is in, in snapshot order. */
        List<Reader> identifiedBy(List<String> values) {
            Set<String> given = new HashSet<>();
            for (String form : byForm.keySet()) {
                if (givenInForm(form, values)) {
                    given.add(form);
                }
            }
            if (given.isEmpty()) {
                return List.of();
            }
            return all.stream().filter(reader -> given.containsAll(reader.forms())).toList();
        }
    }

    /** The reader a capability is, if it reads one record of its own entity by declared forms only. */
    private static Optional<Reader> reader(Capability capability) {
        if (!ONE_RECORD.contains(capability.operation()) || capability.entity() == null) {
            return Optional.empty();
        }
        InputSchema input = InputSchema.of(capability.inputSchema());
        Set<String> bound = input.boundParameters();
        String identifying = null;
        List<String> forms = new ArrayList<>();
        for (String required : input.required()) {
            if (bound.contains(required)) {
                continue;
            }
            Optional<InputSchema.Parameter> parameter = input.parameter(required);
            if (parameter.isEmpty() || !(parameter.get().schema().get("pattern") instanceof String pattern)
                    || pattern.length() > LONGEST_PATTERN || identifierForm(pattern).isEmpty()) {
                return Optional.empty();
            }
            forms.add(pattern);
            if (identifiesOwnEntity(required, capability.entity())) {
                identifying = required;
            }
        }
        return identifying == null ? Optional.empty()
                : Optional.of(new Reader(capability, identifying, List.copyOf(forms), java.util.Map.of(), List.of()));
    }

    /**
     * The reader a capability is, if it reads one record of its own entity by one whole number named as
     * that entity ({@code issue_number} of an issue, or a bare {@code number}); its other required inputs
     * (an owner, a repository) are the planner's to bind.
     */
    private static Optional<Reader> numberedReader(Capability capability) {
        if (!ONE_RECORD.contains(capability.operation()) || capability.entity() == null) {
            return Optional.empty();
        }
        InputSchema input = InputSchema.of(capability.inputSchema());
        List<String> entityWords = NumberedRecords.nameWords(capability.entity());
        Reader numbered = null;
        for (String required : input.required()) {
            if (input.boundParameters().contains(required)) {
                continue;
            }
            java.util.Map<String, Object> schema = input.parameter(required).map(InputSchema.Parameter::schema)
                    .orElse(java.util.Map.of());
            List<String> named = NumberedRecords.nameWords(required);
            if (wholeNumber(schema) && (named.isEmpty() || named.equals(entityWords))) {
                if (numbered != null) {
                    return Optional.empty();
                }
                numbered = new Reader(capability, required, List.of(), schema,
                        NumberedRecords.naming(required, capability.entity()));
            }
        }
        return Optional.ofNullable(numbered);
    }

    /** An integer, also when declared nullable ({@code ["integer", "null"]}). */
    private static boolean wholeNumber(java.util.Map<String, Object> schema) {
        Object type = schema.get("type");
        return "integer".equals(type) || type instanceof List<?> types && types.contains("integer");
    }

    /** The input that identifies one record by the number the question writes, when the capability is a numbered reader. */
    static Optional<String> numberedBy(Capability capability, String question) {
        return numberedReader(capability).filter(reader -> NumberedRecords.namedBy(reader.naming(),
                reader.numberSchema(), NumberedRecords.numbers(question)).isPresent()).map(Reader::identifying);
    }

    /**
     * The input that identifies one record of the capability's own entity, when the capability reads
     * one record and the question gives every required input in its declared form.
     */
    static Optional<String> identifiedBy(Capability capability, List<String> values) {
        return reader(capability).filter(reader -> reader.forms().stream().allMatch(form -> givenInForm(form, values)))
                .map(Reader::identifying);
    }

    private static boolean identifiesOwnEntity(String parameter, String entity) {
        String name = parameter.toLowerCase(Locale.ROOT).replace("_", "");
        return name.equals("id") || name.equals(entity.toLowerCase(Locale.ROOT).replace(" ", "") + "id");
    }

    private static boolean givenInForm(String pattern, List<String> values) {
        Optional<Pattern> declared = identifierForm(pattern);
        if (declared.isEmpty()) {
            return false;
        }
        for (String value : values) {
            if (BoundedMatch.matches(declared.get(), value, MATCH_STEPS)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The pattern as an identifier's form, or none: one that does not compile, or one so permissive
     * that it takes a bare number and a word with a digit alike ({@code ^.*$}, {@code ^[a-z0-9]+$}),
     * says nothing about which record a question names. Kept once decided, the verdict included.
     */
    private static Optional<Pattern> identifierForm(String pattern) {
        return COMPILED.computeIfAbsent(pattern, source -> {
            try {
                Pattern compiled = Pattern.compile(source);
                boolean permissive = PROBES.stream().allMatch(probe -> BoundedMatch.matches(compiled, probe, MATCH_STEPS));
                return permissive ? Optional.empty() : Optional.of(compiled);
            } catch (PatternSyntaxException | StackOverflowError e) {
                return Optional.empty();
            }
        });
    }

    /** The question's tokens that may be identifiers: letters and digits, with inner dashes, dots, colons. */
    static List<String> values(String question) {
        List<String> values = new ArrayList<>();
        Matcher token = TOKEN.matcher(question);
        while (token.find()) {
            String value = token.group();
            if (value.length() <= LONGEST_VALUE && value.chars().anyMatch(Character::isDigit)) {
                values.add(value);
            }
        }
        return values;
    }
}
