package dev.capplanner.router.routing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.discovery.ChannelPolicy;
import dev.capplanner.router.ranking.MatchReason;
import dev.capplanner.testing.events.CapabilityFixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

class DirectRouteTest {

    private final List<Capability> snapshot = CapabilityFixtures.demo();

    @Test
    void aCalledToolTheSnapshotHoldsIsRoutedAloneWithoutItsLookAlikes() {
        Capability called = snapshot.get(1);

        Route route = DirectRoute.of(called.name(), snapshot, ChannelPolicy.OPEN::admits);

        assertThat(route.router()).isEqualTo(DirectRoute.ROUTER);
        assertThat(route.candidates()).singleElement().satisfies(candidate -> {
            assertThat(candidate.capability()).isEqualTo(called);
            assertThat(candidate.lookAlikes()).isEmpty();
            assertThat(candidate.reasons()).containsExactly(new MatchReason.CalledByName());
        });
        assertThat(route.report().droppedNames()).isZero();
    }

    @Test
    void aNameTheSnapshotDoesNotHoldRoutesNothingAndIsCountedAsDropped() {
        Route route = DirectRoute.of("api:other-tenant/orders.delete", snapshot, ChannelPolicy.OPEN::admits);

        assertThat(route.candidates()).isEmpty();
        assertThat(route.report().droppedNames()).isEqualTo(1);
        assertThat(route.report().fallbackReason()).isEqualTo(DirectRoute.NOT_IN_SNAPSHOT);
    }

    @Test
    void aNameIsMatchedExactlyNotByResemblance() {
        Capability called = snapshot.get(0);

        assertThat(DirectRoute.of(called.name().toUpperCase(java.util.Locale.ROOT), snapshot, ChannelPolicy.OPEN::admits).candidates()).isEmpty();
        assertThat(DirectRoute.of(called.name() + " ", snapshot, ChannelPolicy.OPEN::admits).candidates()).isEmpty();
    }

    @Test
    void aToolTheTenantsMcpPolicyWithholdsIsNotRoutedHoweverTheCallWasSent() {
        Capability called = snapshot.get(1);
        ChannelPolicy denied = new ChannelPolicy(java.util.Optional.empty(), java.util.Set.of(called.name()));
        ChannelPolicy allowedOthers = new ChannelPolicy(java.util.Optional.of(java.util.Set.of(snapshot.get(0).name())),
                java.util.Set.of());

        assertThat(DirectRoute.of(called.name(), snapshot, denied::admits).candidates()).isEmpty();
        assertThat(DirectRoute.of(called.name(), snapshot, allowedOthers::admits).candidates()).isEmpty();
        assertThat(DirectRoute.of(called.name(), snapshot, denied::admits).report().fallbackReason())
                .as("worded as for a tool the snapshot does not hold").isEqualTo(DirectRoute.NOT_IN_SNAPSHOT);
    }
}
