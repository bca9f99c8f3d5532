package dev.capplanner.router.mapping;

import dev.capplanner.contracts.events.Candidate;
import dev.capplanner.contracts.events.PriorEvidence;
import dev.capplanner.contracts.events.RouteSelected;
import dev.capplanner.contracts.events.RouterReport;
import dev.capplanner.contracts.events.SnapshotBuilt;
import dev.capplanner.contracts.trust.FactSeals;
import dev.capplanner.eventbus.EventStamps.Stamp;
import dev.capplanner.router.ranking.MatchReasonText;
import dev.capplanner.router.ranking.RankingQuery;
import dev.capplanner.router.routing.Route;
import dev.capplanner.router.routing.RoutedCandidate;

/** Between the snapshot and route events and the routing core. */
public final class RouteEvents {

    private RouteEvents() {
    }

    /** What the ranker looks at: the question and its context, and the tools already evidence. */
    public static RankingQuery query(SnapshotBuilt snapshot) {
        return new RankingQuery(snapshot.question(), snapshot.recentTurns(), snapshot.currentSelection(),
                snapshot.priorEvidence().stream().map(PriorEvidence::tool).toList());
    }

    /**
     * The route: only the candidates carry their definitions; the rest of the snapshot stays behind its
     * hash. The tenant's planner mode and the turn's trusted command go on as the snapshot service
     * stamped them. Sealed by this router:
     * the planner plans no other route.
     */
    public static RouteSelected selected(SnapshotBuilt snapshot, Route route, FactSeals seals, Stamp stamp) {
        return seals.sealed(new RouteSelected(RouteSelected.SCHEMA_VERSION, stamp.eventId(), stamp.occurredAt(), snapshot.run(),
                snapshot.question(), snapshot.recentTurns(), snapshot.currentSelection(), snapshot.snapshot(),
                route.candidates().stream().map(RouteEvents::candidate).toList(), route.router(),
                new RouterReport(route.report().droppedNames(), route.report().requestedFamilies(),
                        route.report().fallbackReason()), snapshot.plannerMode(), snapshot.command(),
                snapshot.toolCall(), null));
    }

    /** A routed candidate on the wire: its full schema, score, why (one line of text), and its slot's look-alikes. */
    static Candidate candidate(RoutedCandidate candidate) {
        return new Candidate(candidate.capability(), candidate.score(), MatchReasonText.of(candidate.reasons()),
                candidate.lookAlikes());
    }
}
