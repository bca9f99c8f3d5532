package dev.capplanner.router.routing;

import dev.capplanner.contracts.events.Candidate;
import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.ranking.CapabilityRanker;
import dev.capplanner.router.ranking.RankedCapability;
import dev.capplanner.router.ranking.RankingQuery;
import java.util.List;

/**
 * The offline router: the strongest lexical matches, plus the capabilities that find identifiers
 * those matches require ({@link PrerequisiteExpansion}); never more than {@link #MAX_CANDIDATES},
 * and nothing relevant when nothing is (rule "no fit, no route": an empty route lets the planner
 * say "insufficient" instead of guessing); when the rankers find nothing relevant, the capabilities
 * whose entity or own output field the question names are ({@link NamedData}). The reader of a
 * record the question identifies by its declared form joins the route ({@link IdentifiedRecords}), and
 * so does the finder by a person's name when the question names a person ({@link NamedPeople}), and
 * the list of an entity the question names in the plural ({@link NamedEntityReaders}).
 * A question that asks for a person gets the reader of the person a leading candidate's output, or an
 * identified record's, names ({@link ReferencedReaders}), in place of the lowest-ranked scored slot
 * when the route is full. A look-alike family takes one slot, its
 * members listed in it ({@link FamilySlots}) as far as the route's eight tools allow ({@link ToolPlaces}). A capability plan is routed only when it ranks
 * first: it answers the one question it was written for, and lower down it would take a finder's
 * place.
 */
public final class DeterministicRouter implements CapabilityRouter {

    public static final String NAME = "deterministic";

    private final PrerequisiteExpansion expansion = new PrerequisiteExpansion();
    private final int limit;

    public DeterministicRouter(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("a route needs room for at least one candidate");
        }
        this.limit = Math.min(limit, MAX_CANDIDATES);
    }

    @Override
    public Route route(RankingQuery query, CapabilityRanker snapshotIndex) {
        // Enough ranked to fill every place even when each holds a full family.
        int window = limit * (1 + Candidate.MAX_LOOK_ALIKES);
        List<RankedCapability> ranked = snapshotIndex.rank(query, window).stream()
                .filter(RankedCapability::relevant).toList();
        List<RankedCapability> relevant = ranked.isEmpty()
                ? NamedData.of(query.question(), snapshotIndex.capabilities()) : ranked;
        List<RankedCapability> routable = relevant.stream()
                .filter(candidate -> !Capability.isPlan(candidate.capability()) || candidate == relevant.get(0))
                .toList();
        List<RoutedCandidate> candidates = FamilySlots.of(routable, Candidate.MAX_LOOK_ALIKES).stream()
                .limit(limit)
                .map(RoutedCandidate::of)
                .toList();
        // The named lists first, so that an identified record's reader is placed before them.
        List<RoutedCandidate> entityRead = NamedEntityReaders.with(candidates, query.question(),
                snapshotIndex.capabilities(), PrerequisiteExpansion.LEADING, limit);
        List<RoutedCandidate> anchored = IdentifiedRecords.with(entityRead, query.question(),
                snapshotIndex.capabilities(), PrerequisiteExpansion.LEADING, limit);
        List<RoutedCandidate> expanded = expansion.expand(anchored, snapshotIndex.capabilities(), limit);
        // After the finders of identifiers: a finder by name that one of them is already is not added twice.
        List<RoutedCandidate> named = NamedPeople.with(expanded, query.question(), snapshotIndex.capabilities(),
                PrerequisiteExpansion.LEADING, limit);
        List<RoutedCandidate> referenced = ReferencedReaders.with(named, query.question(),
                snapshotIndex.capabilities(), PrerequisiteExpansion.LEADING, limit);
        return new Route(ToolPlaces.fit(referenced, limit), NAME);
    }
}
