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
 * {@value #MOST_READERS}: on a large catalog the route is always full, and its lowest-ranked slot is a
 * weaker guess than the person a "who" asks for; never into an empty route (rule "no fit, no route").
 */
final class ReferencedReaders {

    private static final Set<String> ONE_RECORD = Set.of("detail", "get");
    /** The identifier suffixes an output path names another record by ({@code customerId}, {@code customer_id}). */
    private static final List<String> ID_SUFFIXES = List.of("Id", "_id");
    static final int MOST_READERS = 2;

    private ReferencedReaders() {
    }

    /**
     * The route with the readers of the persons its {@code leading} best candidates reference, right after
     * those candidates: at most {@code limit} slots, so in a full route the lowest-ranked slots give way (as
     * for the records a question identifies, {@link IdentifiedRecords}); look-alike members are fitted
     * into the places left afterwards ({@link ToolPlaces#fit}).
     */
    static List<RoutedCandidate> with(List<RoutedCandidate> routed, String question, List<Capability> snapshot,
                                      int leading, int limit) {
        if (routed.isEmpty() || !PersonEntities.asksWho(question)) {
            return routed;
        }
        int lead = Math.min(leading, routed.size());
        Set<String> present = new HashSet<>();
        routed.forEach(candidate -> present.addAll(candidate.offeredNames()));
        List<RoutedCandidate> readers = new ArrayList<>();
        for (RoutedCandidate candidate : routed.subList(0, lead)) {
            for (Reference referenced : references(candidate.capability())) {
                for (Capability reader : snapshot) {
                    // The same source's reader: an order's customerId means nothing to another API.
                    if (readers.size() < MOST_READERS && lead + readers.size() < limit
                            && sameSource(reader, candidate.capability()) && referenced.readBy(reader)
                            && present.add(reader.name())) {
                        readers.add(new RoutedCandidate(reader, 0.0, List.of(
                                new MatchReason.ReadsReference(referenced.person(), candidate.capability().name()))));
                    }
                }
            }
        }
        if (readers.isEmpty()) {
            return routed;
        }
        List<RoutedCandidate> with = new ArrayList<>(routed.subList(0, lead));
        with.addAll(readers);
        with.addAll(routed.subList(lead, routed.size()));
        return with.size() > limit ? List.copyOf(with.subList(0, limit)) : with;
    }

    /**
     * A person a record references: by identifier ({@code customerId}: read by the customer's reader of
     * that identifier), or by a natural key of a nested record ({@code user.login}, {@code author.login}:
     * read by a person's reader of the input the key fills, {@code username}).
     */
    record Reference(String person, String naturalKey) {

        boolean readBy(Capability reader) {
            if (naturalKey == null) {
                return readsOne(reader, person);
            }
            if (reader.operation() == null || !ONE_RECORD.contains(reader.operation())
                    || !PersonEntities.isPerson(reader.entity())) {
                return false;
            }
            List<String> given = givenInputs(reader);
            return given.size() == 1 && NaturalKeys.fills(naturalKey, given.get(0));
        }
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

    private static boolean sameSource(Capability one, Capability other) {
        return one.endpoint() != null && other.endpoint() != null && one.endpoint().service() != null
                && one.endpoint().service().equals(other.endpoint().service());
    }

    /** A reader of one record of the entity, whose only input a planner gives is that record's identifier. */
    private static boolean readsOne(Capability capability, String entity) {
        if (capability.operation() == null || !ONE_RECORD.contains(capability.operation()) || capability.entity() == null
                || !capability.entity().toLowerCase(Locale.ROOT).replace(" ", "").equals(entity)) {
            return false;
        }
        List<String> given = givenInputs(capability);
        return given.size() == 1 && given.get(0).toLowerCase(Locale.ROOT).replace("_", "").equals(entity + "id");
    }

    /** The required inputs a planner must give (those bound from the run aside). */
    private static List<String> givenInputs(Capability capability) {
        InputSchema input = InputSchema.of(capability.inputSchema());
        return input.required().stream().filter(name -> !input.boundParameters().contains(name)).toList();
    }
}
