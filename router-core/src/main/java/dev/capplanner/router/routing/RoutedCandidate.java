package dev.capplanner.router.routing;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.ranking.MatchReason;
import dev.capplanner.router.ranking.RankedCapability;
import java.util.List;
import java.util.stream.Stream;

/**
 * A capability a route hands to the planner, with its rank score, why it is there, and the members of
 * its look-alike family that share its slot ({@link FamilySlots}).
 */
public record RoutedCandidate(Capability capability, double score, List<MatchReason> reasons,
                              List<Capability> lookAlikes) {

    public RoutedCandidate {
        reasons = List.copyOf(reasons);
        lookAlikes = lookAlikes == null ? List.of() : List.copyOf(lookAlikes);
    }

    public RoutedCandidate(Capability capability, double score, List<MatchReason> reasons) {
        this(capability, score, reasons, List.of());
    }

    /** A slot's capability, with its members riding along. */
    public static RoutedCandidate of(FamilySlots.Slot slot) {
        RankedCapability lead = slot.lead();
        return new RoutedCandidate(lead.capability(), lead.score(), lead.reasons(),
                slot.members().stream().map(RankedCapability::capability).toList());
    }

    /** The names this candidate offers a planner: its own, then its look-alikes'. */
    public List<String> offeredNames() {
        return Stream.concat(Stream.of(capability), lookAlikes.stream()).map(Capability::name).toList();
    }
}
