package dev.capplanner.planner.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.SampleEvents;
import dev.capplanner.contracts.events.RouteSelected;
import dev.capplanner.planner.plan.PlanningRequest;
import dev.capplanner.planner.plan.ToolSpec;
import org.junit.jupiter.api.Test;

class PlanEventsTest {

    @Test
    void aRoutesLookAlikesAreOfferedToThePlannerAfterTheirPlacesCapabilityRankedAsItIs() {
        RouteSelected route = SampleEvents.of(RouteSelected.class);

        PlanningRequest request = PlanEvents.request(route, false);

        assertThat(request.routed()).extracting(ToolSpec::name)
                .containsExactly("customers.search", "track_shipment", "track_parcel");
        ToolSpec member = request.routed().get(2);
        assertThat(member.ranked()).isTrue();
        assertThat(member.requiredInputs()).containsExactly("trackingNumber");
    }
}
