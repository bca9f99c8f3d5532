package dev.capplanner.router.routing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.router.ranking.MatchReason;
import dev.capplanner.router.ranking.RankedCapability;
import dev.capplanner.testing.events.CapabilityFixtures;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FamilySlotsTest {

    private static final List<String> WEATHER = List.of("openweather.forecast", "accuweather.forecast",
            "meteo.forecast", "tomorrow.forecast", "weatherapi.forecast");

    @Test
    void aFamilyTakesThePlaceOfItsBestRankedMemberAndTheOthersRideAlong() {
        List<RankedCapability> ranking = List.of(weather("accuweather.forecast"), tool("maps.directions"),
                weather("openweather.forecast"), tool("calendar.events"), weather("meteo.forecast"));
        List<FamilySlots.Slot> slots = FamilySlots.of(ranking, 3);
        assertThat(slots).extracting(slot -> slot.lead().capability().name())
                .containsExactly("accuweather.forecast", "maps.directions", "calendar.events");
        assertThat(slots.get(0).members()).extracting(member -> member.capability().name())
                .containsExactly("openweather.forecast", "meteo.forecast");
        assertThat(slots.get(1).members()).isEmpty();
    }

    @Test
    void aMemberBeyondTheSlotsBoundTakesAPlaceOfItsOwnNeverDropped() {
        List<RankedCapability> ranking = WEATHER.stream().map(FamilySlotsTest::weather).toList();
        List<FamilySlots.Slot> slots = FamilySlots.of(ranking, 3);
        assertThat(slots).hasSize(2);
        assertThat(slots.get(0).members()).hasSize(3);
        assertThat(slots.get(1).lead().capability().name()).isEqualTo("weatherapi.forecast");
        assertThat(slots.stream().mapToInt(slot -> 1 + slot.members().size()).sum()).isEqualTo(WEATHER.size());
    }

    @Test
    void aRankingWithoutLookAlikesKeepsOnePlacePerToolInItsOrder() {
        List<RankedCapability> ranking = List.of(tool("a.list"), tool("b.list"), tool("c.list"));
        assertThat(FamilySlots.of(ranking, 3)).extracting(slot -> slot.lead().capability().name())
                .containsExactly("a.list", "b.list", "c.list");
    }

    private static RankedCapability weather(String name) {
        List<String> others = new ArrayList<>(WEATHER);
        others.remove(name);
        return tool(name).because(new MatchReason.LookAlikes(others));
    }

    private static RankedCapability tool(String name) {
        return new RankedCapability(CapabilityFixtures.capability(name, "x", "list", "Tool " + name, "/" + name,
                Map.of(), List.of()), 1.0, true, List.of(new MatchReason.TermMatch(Arrays.asList(name.split("\\.")).get(0),
                "name")));
    }
}
