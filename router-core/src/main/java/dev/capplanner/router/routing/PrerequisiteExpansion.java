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
 * Added candidates rank after the scored ones and never push the route past its limit; when the
 * route is full, the finders of its {@value #LEADING} best-ranked candidates take the places of the
 * lowest-ranked ones.
 */
public final class PrerequisiteExpansion {

    private static final Set<String> FINDING_OPERATIONS = Set.of("search", "list");
    /** The best-ranked candidates, whose finders take the places of the lowest-ranked ones when the route is full. */
    static final int LEADING = 3;

    public List<RoutedCandidate> expand(List<RoutedCandidate> routed, List<Capability> snapshot, int limit) {
        Set<String> present = new LinkedHashSet<>();
        routed.forEach(c -> present.addAll(c.offeredNames()));
        int leading = Math.min(LEADING, routed.size());
        List<RoutedCandidate> leadingFinders = finders(routed.subList(0, leading), snapshot, present);
        // "What is the delivery status of Sofia Esposito's last order?": a full route of shipment and
        // order tools is no answer without the customer search that finds her.
        int room = limit - routed.size();
        int displaced = Math.max(0, Math.min(leadingFinders.size() - room, routed.size() - leading));
        List<RoutedCandidate> expanded = new ArrayList<>(routed.subList(0, routed.size() - displaced));
        for (RoutedCandidate finder : leadingFinders) {
            if (expanded.size() >= limit) {
                return expanded;
            }
            expanded.add(finder);
        }
        for (RoutedCandidate finder : finders(routed.subList(leading, routed.size() - displaced), snapshot, present)) {
            if (expanded.size() >= limit) {
                return expanded;
            }
            expanded.add(finder);
        }
        return expanded;
    }

    /** The finders the candidates need that the route does not offer yet, each once. */
    private static List<RoutedCandidate> finders(List<RoutedCandidate> candidates, List<Capability> snapshot,
                                                 Set<String> present) {
        List<RoutedCandidate> finders = new ArrayList<>();
        for (RoutedCandidate candidate : candidates) {
            for (String entity : requiredEntities(candidate.capability())) {
                for (Capability finder : snapshot) {
                    if (finder.entity().equalsIgnoreCase(entity) && FINDING_OPERATIONS.contains(finder.operation())
                            && present.add(finder.name())) {
                        finders.add(new RoutedCandidate(finder, 0.0,
                                List.of(new MatchReason.FindsIdentifier(entity, candidate.capability().name()))));
                    }
                }
            }
        }
        return finders;
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
