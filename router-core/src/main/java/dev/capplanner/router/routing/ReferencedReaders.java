package dev.capplanner.router.routing;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.entities.NaturalKeys;
import dev.capplanner.contracts.entities.PersonEntities;
import dev.capplanner.contracts.inputschema.InputSchema;
import dev.capplanner.router.ranking.MatchReason;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * "Who placed order O-5003?" asks for a person the question cannot name: the order's record names its
 * customer by {@code customerId}, and the customer's reader is the answer, yet no word of the question
 * ranks it. So, when a question asks for a person ({@link PersonEntities#asksWho}, the rule the planner
 * reads "who" by too), the reader of a person that a leading candidate's output references joins the
 * route: a detail or get capability of that entity, of the same source, whose only input the planner
 * must give is the referenced identifier (customers.detail for {@code customerId}), or a person's reader
 * of the input a nested record's natural key fills (users_get-by-username for a pull request's
 * {@code user.login}, {@link NaturalKeys}). Right after the leading candidates, at most
 * {@value #MOST_READERS}: on a large catalog the route is always full, so a scored slot of the lowest
 * rank gives way (never a finder or a record's reader); never into an empty route (rule "no fit, no route").
 */
final class ReferencedReaders {

    private static final Set<String> ONE_RECORD = Set.of("detail", "get");
    /** The identifier suffixes an output path names another record by ({@code customerId}, {@code customer_id}). */
    private static final List<String> ID_SUFFIXES = List.of("Id", "_id");
    static final int MOST_READERS = 2;

    private ReferencedReaders() {
    }

    /**
     * The route with the readers of the persons referenced by its {@code leading} best candidates and by
     * the records the question identifies ({@link IdentifiedRecords}: issues_get for "issue 1234", placed
     * right after the leading ones), the readers placed right after the leading candidates. At most
     * {@code limit} slots: in a full route the lowest-ranked scored slots give way, never a finder a
     * candidate needs ({@link PrerequisiteExpansion}) or a record's reader, which the rankers did not
     * score; look-alike members are fitted into the places left afterwards ({@link ToolPlaces#fit}).
     */
    static List<RoutedCandidate> with(List<RoutedCandidate> routed, String question, List<Capability> snapshot,
                                      int leading, int limit) {
        if (routed.isEmpty() || !PersonEntities.asksWho(question)) {
            return routed;
        }
        int lead = Math.min(leading, routed.size());
        Set<String> present = new HashSet<>();
        routed.forEach(candidate -> present.addAll(candidate.offeredNames()));
        List<PersonReader> personReaders = PERSON_READERS.of(snapshot);
        List<String> values = IdentifiedRecords.values(question);
        List<RoutedCandidate> readers = new ArrayList<>();
        for (int i = 0; i < routed.size() && readers.size() < MOST_READERS; i++) {
            Capability source = routed.get(i).capability();
            if (i >= lead && IdentifiedRecords.identifiedBy(source, values).isEmpty()
                    && IdentifiedRecords.numberedBy(source, question).isEmpty()) {
                continue;
            }
            for (Reference referenced : references(source)) {
                for (PersonReader reader : personReaders) {
                    // The same source's reader: an order's customerId means nothing to another API.
                    if (readers.size() < MOST_READERS && sameSource(reader.capability(), source)
                            && referenced.readBy(reader) && present.add(reader.capability().name())) {
                        readers.add(new RoutedCandidate(reader.capability(), 0.0, List.of(
                                new MatchReason.ReadsReference(referenced.person(), source.name()))));
                    }
                }
            }
        }
        if (readers.isEmpty()) {
            return routed;
        }
        return AfterLeading.insert(routed, lead, readers, limit);
    }

    /**
     * A person a record references: by identifier ({@code customerId}: read by the customer's reader of
     * that identifier), or by a natural key of a nested record named as people are ({@code user.login},
     * {@code author.login}: read by a person's reader of the input the key fills, {@code username}).
     */
    record Reference(String person, String naturalKey) {

        boolean readBy(PersonReader reader) {
            if (naturalKey == null) {
                return reader.entity().equals(person) && reader.input().equals(person + "id");
            }
            return NaturalKeys.fills(naturalKey, reader.input());
        }
    }

    /**
     * A reader of one person: a detail or get capability of a person entity whose only input a planner
     * gives is {@code input} (normalized: lower case, no underscores), its entity normalized alike.
     */
    record PersonReader(Capability capability, String entity, String input) {
    }

    private static final PerSnapshot<List<PersonReader>> PERSON_READERS = new PerSnapshot<>(64,
            ReferencedReaders::personReaders);

    private static List<PersonReader> personReaders(List<Capability> snapshot) {
        List<PersonReader> readers = new ArrayList<>();
        for (Capability capability : snapshot) {
            if (capability.operation() == null || !ONE_RECORD.contains(capability.operation())
                    || !PersonEntities.isPerson(capability.entity())) {
                continue;
            }
            List<String> given = givenInputs(capability);
            if (given.size() == 1) {
                readers.add(new PersonReader(capability,
                        capability.entity().toLowerCase(Locale.ROOT).replace(" ", ""),
                        given.get(0).toLowerCase(Locale.ROOT).replace("_", "")));
            }
        }
        return List.copyOf(readers);
    }

    /** The persons the capability's output references, in the order its paths declare them. */
    static List<Reference> references(Capability capability) {
        List<Reference> references = new ArrayList<>();
        referencedPersons(capability).forEach(entity -> references.add(new Reference(entity, null)));
        for (String path : capability.outputPaths()) {
            String[] segments = path.replace("[]", "").split("\\.");
            if (segments.length >= 2 && NaturalKeys.isNaturalKey(segments[segments.length - 1])
                    && PersonEntities.isPerson(segments[segments.length - 2].replace('_', ' '))) {
                Reference reference = new Reference(segments[segments.length - 2], segments[segments.length - 1]);
                if (!references.contains(reference)) {
                    references.add(reference);
                }
            }
        }
        return references;
    }

    /** The person entities the capability's output names by identifier, in the order its paths declare them. */
    static List<String> referencedPersons(Capability capability) {
        List<String> entities = new ArrayList<>();
        for (String path : capability.outputPaths()) {
            String field = path.substring(path.lastIndexOf('.') + 1).replace("[]", "");
            for (String suffix : ID_SUFFIXES) {
                if (field.length() > suffix.length() && field.endsWith(suffix)) {
                    String entity = field.substring(0, field.length() - suffix.length()).toLowerCase(Locale.ROOT);
                    boolean own = capability.entity() != null
                            && entity.equals(capability.entity().toLowerCase(Locale.ROOT).replace(" ", ""));
                    if (!own && PersonEntities.isPerson(entity) && !entities.contains(entity)) {
                        entities.add(entity);
                    }
                }
            }
        }
        return entities;
    }

    static boolean sameSource(Capability one, Capability other) {
        return one.endpoint() != null && other.endpoint() != null && one.endpoint().service() != null
                && one.endpoint().service().equals(other.endpoint().service());
    }

    /** The required inputs a planner must give (those bound from the run aside). */
    private static List<String> givenInputs(Capability capability) {
        InputSchema input = InputSchema.of(capability.inputSchema());
        return input.required().stream().filter(name -> !input.boundParameters().contains(name)).toList();
    }
}
