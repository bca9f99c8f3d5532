package dev.capplanner.router;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.routing.Route;
import dev.capplanner.router.routing.RoutedCandidate;
import dev.capplanner.router.routing.ToolPlaces;
import dev.capplanner.testing.events.CapabilityFixtures;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ToolPlacesTest {

    @Test
    void membersTakeOnlyThePlacesLeadsLeaveFirstMembersOfEverySlotBeforeSecondOnes() {
        List<RoutedCandidate> slots = List.of(slot("weather.get", 3), slot("issues.search", 2), slot("orders.list", 0),
                slot("tickets.list", 0), slot("invoices.list", 0));

        List<RoutedCandidate> fitted = ToolPlaces.fit(slots, 8);

        assertThat(ToolPlaces.tools(fitted)).isEqualTo(8);
        assertThat(fitted).extracting(c -> c.capability().name())
                .containsExactly("weather.get", "issues.search", "orders.list", "tickets.list", "invoices.list");
        assertThat(fitted.get(0).lookAlikes()).extracting(Capability::name)
                .containsExactly("weather.get.m0", "weather.get.m1");
        assertThat(fitted.get(1).lookAlikes()).extracting(Capability::name).containsExactly("issues.search.m0");
    }

    @Test
    void eightSlotsLeaveNoPlaceForMembersAndFewerToolsLoseNone() {
        List<RoutedCandidate> eight = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            eight.add(slot("tool.t" + i, 3));
        }
        assertThat(ToolPlaces.tools(ToolPlaces.fit(eight, 8))).isEqualTo(8);
        List<RoutedCandidate> few = List.of(slot("a.get", 3), slot("b.get", 1));
        assertThat(ToolPlaces.fit(few, 8)).isEqualTo(few);
    }

    @Test
    void aRouteOfMoreThanEightToolsIsRefused() {
        List<RoutedCandidate> nine = List.of(slot("a.get", 3), slot("b.get", 3), slot("c.get", 0));
        assertThatThrownBy(() -> new Route(nine, "test"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at most 8 tools");
    }

    private static RoutedCandidate slot(String name, int members) {
        List<Capability> lookAlikes = new ArrayList<>();
        for (int i = 0; i < members; i++) {
            lookAlikes.add(capability(name + ".m" + i));
        }
        return new RoutedCandidate(capability(name), 1.0, List.of(), lookAlikes);
    }

    private static Capability capability(String name) {
        return CapabilityFixtures.capability(name, "thing", "get", name, "/" + name, Map.of(), List.of());
    }
}
