package dev.capplanner.router.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.SnapshotBuilt;
import dev.capplanner.contracts.events.RouteSelected;
import dev.capplanner.eventbus.EventStamps.Stamp;
import dev.capplanner.router.routing.Route;
import dev.capplanner.testing.events.CapabilityFixtures;
import dev.capplanner.testing.events.TestSeals;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the router passes on from the snapshot service's event: the trusted command, sealed with the route. */
class RouteEventsTest {

    @Test
    void theTurnsTrustedCommandGoesOnWithTheRouteUnderItsSeal() {
        SnapshotBuilt plain = CapabilityFixtures.snapshotBuilt("run-route-cmd", "Show the orders for Riccardo Lorini",
                CapabilityFixtures.demo());
        SnapshotBuilt commanded = new SnapshotBuilt(plain.schemaVersion(), plain.eventId(), plain.occurredAt(),
                plain.run(), plain.question(), plain.recentTurns(), plain.currentSelection(), plain.snapshot(),
                plain.index(), plain.priorEvidence(), plain.plannerMode(), "/all", null);

        RouteSelected route = RouteEvents.selected(commanded, new Route(List.of(), "deterministic"),
                TestSeals.ROUTE_SEALS, new Stamp("e-r", Instant.EPOCH));

        assertThat(route.command()).isEqualTo("/all");
        assertThat(TestSeals.ROUTE_SEALS.verify(route).valid()).isTrue();
        assertThat(TestSeals.ROUTE_SEALS.verify(new RouteSelected(route.schemaVersion(), route.eventId(),
                route.occurredAt(), route.run(), route.question(), route.recentTurns(), route.currentSelection(),
                route.snapshot(), route.candidates(), route.router(), route.routerReport(), route.plannerMode(), null,
                route.seal())).valid()).as("the command dropped in transit breaks the seal").isFalse();
    }
}
