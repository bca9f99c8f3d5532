package dev.capplanner.router.routing;

import dev.capplanner.contracts.events.Capability;
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
 * must give is the referenced identifier (customers.detail for {@code customerId}). Only into free
 * places, counted in tools (it never displaces a candidate or a look-alike member), at most
 * {@value #MOST_READERS}, and never into an empty route (rule "no fit, no route").
 */
final class ReferencedReaders {

    private static final Set<String> ONE_RECORD = Set.of("detail", "get");
    /** The identifier suffixes an output path names another record by ({@code customerId}, {@code customer_id}). */
    private static final List<String> ID_SUFFIXES = List.of("Id", "_id");
    static final int MOST_READERS = 2;

    private ReferencedReaders() {
    }

    /** The route with the readers of the persons its {@code leading} best candidates reference, in free places. */
    static List<RoutedCandidate> with(List<RoutedCandidate> routed, String question, List<Capability> snapshot,
                                      int leading, int limit) {
        Set<String> present = new HashSet<>();
        routed.forEach(candidate -> present.addAll(candidate.offeredNames()));
        // Free places are counted in tools, look-alike members included: a reader never takes theirs.
        if (routed.isEmpty() || present.size() >= limit || !PersonEntities.asksWho(question)) {
            return routed;
        }
        List<RoutedCandidate> with = new ArrayList<>(routed);
        int added = 0;
        for (RoutedCandidate candidate : routed.subList(0, Math.min(leading, routed.size()))) {
            for (String referenced : referencedPersons(candidate.capability())) {
                for (Capability reader : snapshot) {
                    if (added >= MOST_READERS || present.size() >= limit) {
                        return with;
                    }
                    // The same source's reader: an order's customerId means nothing to another API.
                    if (sameSource(reader, candidate.capability()) && readsOne(reader, referenced)
                            && present.add(reader.name())) {
                        with.add(new RoutedCandidate(reader, 0.0, List.of(
                                new MatchReason.ReadsReference(referenced, candidate.capability().name()))));
                        added++;
                    }
                }
            }
        }
        return with;
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
        InputSchema input = InputSchema.of(capability.inputSchema());
        List<String> given = input.required().stream().filter(name -> !input.boundParameters().contains(name)).toList();
        return given.size() == 1 && given.get(0).toLowerCase(Locale.ROOT).replace("_", "").equals(entity + "id");
    }
}
