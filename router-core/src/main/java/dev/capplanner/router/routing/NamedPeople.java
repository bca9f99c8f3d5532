package dev.capplanner.router.routing;

import dev.capplanner.contracts.entities.PersonEntities;
import dev.capplanner.contracts.entities.PersonNames;
import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.inputschema.InputSchema;
import dev.capplanner.router.ranking.MatchReason;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A person the question names is where its plan starts: "Ugo Santangelo: which city is he in? Need
 * it for the courier form." is about a customer, though its words rank shipment tools first. So
 * when the question writes a person's name ({@link PersonNames}, the rule the planner binds by) and
 * no routed candidate takes one, the snapshot's finder of people (an entity named as people are,
 * {@link PersonEntities}) that takes nothing but a person's name (a search or list whose one open
 * input is such a parameter), of the leading candidate's service when it has one, joins the route
 * right after its {@code leading} candidates ({@link AfterLeading}: in a full route the lowest-ranked
 * scored place gives way, never a finder). An empty route stays empty (rule "no fit, no route"): a
 * name alone says no capability fits.
 */
final class NamedPeople {

    private static final Set<String> FINDERS = Set.of("search", "list");
    private static final int SNAPSHOTS_KEPT = 64;
    private static final PerSnapshot<List<Capability>> FINDERS_OF = new PerSnapshot<>(SNAPSHOTS_KEPT,
            NamedPeople::findersOf);

    private NamedPeople() {
    }

    static List<RoutedCandidate> with(List<RoutedCandidate> routed, String question, List<Capability> snapshot,
                                      int leading, int limit) {
        if (routed.isEmpty() || routed.stream().anyMatch(candidate -> takesAName(candidate.capability()))) {
            return routed;
        }
        List<Capability> finders = FINDERS_OF.of(snapshot);
        if (finders.isEmpty() || PersonNames.in(question).isEmpty()) {
            return routed;
        }
        Set<String> present = new HashSet<>();
        routed.forEach(candidate -> present.addAll(candidate.offeredNames()));
        // The leading candidates' own service first: the person is theirs to be found in.
        Capability lead = routed.get(0).capability();
        Capability finder = finders.stream().filter(one -> ReferencedReaders.sameSource(one, lead)).findFirst()
                .orElse(finders.get(0));
        if (present.contains(finder.name())) {
            return routed;
        }
        RoutedCandidate added = new RoutedCandidate(finder, 0.0,
                List.of(new MatchReason.TermMatch(nameParameter(finder).orElse("name"), "person name")));
        return AfterLeading.insert(routed, leading, List.of(added), limit);
    }

    /** The snapshot's finders by a person's name alone, in snapshot order. */
    private static List<Capability> findersOf(List<Capability> snapshot) {
        return snapshot.stream().filter(capability -> capability.operation() != null
                && FINDERS.contains(capability.operation()) && PersonEntities.isPerson(capability.entity())
                && onlyOpenInputIsAName(capability)).toList();
    }

    private static boolean takesAName(Capability capability) {
        return nameParameter(capability).isPresent();
    }

    private static boolean onlyOpenInputIsAName(Capability capability) {
        InputSchema input = InputSchema.of(capability.inputSchema());
        List<String> open = input.required().stream().filter(name -> !input.boundParameters().contains(name)).toList();
        return open.size() == 1 && nameParameter(capability).filter(open.get(0)::equals).isPresent();
    }

    /** The required, caller-given parameter of the capability that takes a person's name: a plain string. */
    private static Optional<String> nameParameter(Capability capability) {
        InputSchema input = InputSchema.of(capability.inputSchema());
        for (String required : input.required()) {
            if (input.boundParameters().contains(required) || !PersonNames.isPersonNameParameter(required)) {
                continue;
            }
            Map<String, Object> schema = input.parameter(required).map(InputSchema.Parameter::schema).orElse(Map.of());
            if ("string".equals(schema.get("type")) && !schema.containsKey("enum") && !schema.containsKey("format")
                    && !schema.containsKey("pattern")) {
                return Optional.of(required);
            }
        }
        return Optional.empty();
    }
}
