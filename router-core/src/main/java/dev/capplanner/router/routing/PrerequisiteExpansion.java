package dev.capplanner.router.routing;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.inputschema.InputSchema;
import dev.capplanner.router.ranking.MatchReason;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Relationship inference for routes: a candidate that requires an identifier of another entity
 * (orders.list needs {@code customerId}) cannot run until something finds that identifier, so the
 * snapshot's search or list capability for that entity joins the route. "Show the orders for
 * Riccardo Lorini" thus reaches customers.search (rule "prerequisite finders").
 * Added candidates rank after the scored ones and never push the route past its limit.
 */
public final class PrerequisiteExpansion {

    private static final Set<String> FINDING_OPERATIONS = Set.of("search", "list");

    public List<RoutedCandidate> expand(List<RoutedCandidate> routed, List<Capability> snapshot, int limit) {
        List<RoutedCandidate> expanded = new ArrayList<>(routed);
        Set<String> present = new LinkedHashSet<>();
        routed.forEach(c -> present.addAll(c.offeredNames()));
        for (RoutedCandidate candidate : routed) {
            for (String entity : requiredEntities(candidate.capability())) {
                for (Capability finder : snapshot) {
                    if (expanded.size() >= limit) {
                        return expanded;
                    }
                    if (finder.entity().equalsIgnoreCase(entity) && FINDING_OPERATIONS.contains(finder.operation())
                            && present.add(finder.name())) {
                        expanded.add(new RoutedCandidate(finder, 0.0,
                                List.of(new MatchReason.FindsIdentifier(entity, candidate.capability().name()))));
                    }
                }
            }
        }
        return expanded;
    }

    /** Entities whose identifier the capability requires: {@code customerId} names "customer". */
    private static List<String> requiredEntities(Capability capability) {
        List<String> entities = new ArrayList<>();
        for (String parameter : InputSchema.of(capability.inputSchema()).required()) {
            if (parameter.endsWith("Id") && parameter.length() > 2) {
                String entity = parameter.substring(0, parameter.length() - 2).toLowerCase(Locale.ROOT);
                if (!entity.equals(capability.entity().toLowerCase(Locale.ROOT))) {
                    entities.add(entity);
                }
            }
        }
        return entities;
    }
}
