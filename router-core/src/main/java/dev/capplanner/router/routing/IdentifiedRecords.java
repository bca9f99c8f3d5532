package dev.capplanner.router.routing;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.inputschema.InputSchema;
import dev.capplanner.contracts.schema.BoundedMatch;
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
 * takes a customer's identifier reads that customer's orders, not the customer.
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
            if (readers.size() < MOST_READERS && identifiedBy(candidate.capability(), values).isPresent()) {
                readers.add(candidate);
            }
        }
        Set<String> present = new HashSet<>(leadingNames);
        routed.forEach(candidate -> present.addAll(candidate.offeredNames()));
        for (Capability capability : snapshot) {
            if (readers.size() >= MOST_READERS) {
                break;
            }
            if (present.contains(capability.name())) {
                continue;
            }
            Optional<String> identifying = identifiedBy(capability, values);
            if (identifying.isPresent()) {
                readers.add(new RoutedCandidate(capability, 0.0,
                        List.of(new MatchReason.TermMatch(identifying.get(), "pattern"))));
            }
        }
        if (readers.isEmpty()) {
            return routed;
        }
        List<RoutedCandidate> with = new ArrayList<>(routed.subList(0, lead));
        readers.stream().distinct().forEach(with::add);
        routed.subList(lead, routed.size()).stream().filter(candidate -> !with.contains(candidate)).forEach(with::add);
        return with.size() > limit ? List.copyOf(with.subList(0, limit)) : with;
    }

    /**
     * The input that identifies one record of the capability's own entity, when the capability reads
     * one record and the question gives every required input in its declared form.
     */
    static Optional<String> identifiedBy(Capability capability, List<String> values) {
        if (!ONE_RECORD.contains(capability.operation()) || capability.entity() == null) {
            return Optional.empty();
        }
        InputSchema input = InputSchema.of(capability.inputSchema());
        Set<String> bound = input.boundParameters();
        String identifying = null;
        for (String required : input.required()) {
            if (bound.contains(required)) {
                continue;
            }
            Optional<InputSchema.Parameter> parameter = input.parameter(required);
            if (parameter.isEmpty() || !(parameter.get().schema().get("pattern") instanceof String pattern)
                    || pattern.length() > LONGEST_PATTERN || !givenInForm(pattern, values)) {
                return Optional.empty();
            }
            if (identifiesOwnEntity(required, capability.entity())) {
                identifying = required;
            }
        }
        return Optional.ofNullable(identifying);
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
