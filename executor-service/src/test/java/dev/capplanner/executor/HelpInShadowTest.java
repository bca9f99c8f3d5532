package dev.capplanner.executor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.OfferedCapability;
import dev.capplanner.contracts.events.Plan;
import dev.capplanner.contracts.events.PlanProposed;
import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.events.TurnCompleted;
import dev.capplanner.contracts.trust.FactSeals;
import dev.capplanner.eventbus.EventStamps;
import dev.capplanner.executor.mapping.ExecutionEvents;
import dev.capplanner.testing.events.CapabilityFixtures;
import dev.capplanner.testing.events.TestSeals;
import dev.capplanner.testing.events.TurnFixtures;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a connection in shadow offers is nothing a user can be answered from yet: help does not list it. */
class HelpInShadowTest {

    @Test
    void helpListsTheSnapshotsCapabilitiesButThoseInShadow() {
        List<Capability> snapshot = new ArrayList<>(CapabilityFixtures.demo());
        Capability shadow = snapshot.remove(0).asShadow();
        snapshot.add(shadow);
        PlanProposed plan = new PlanProposed("v1", "e", Instant.now(), TurnFixtures.run("r"), "capability",
                CapabilityFixtures.snapshotRef(TurnFixtures.run("r"), snapshot), Plan.help("capability", "I can help."),
                null, null);
        FactSeals seals = TestSeals.OBSERVATION_SEALS;
        EventStamps.Stamp stamp = new EventStamps.Stamp("e-1", Instant.parse("2026-12-06T10:00:00Z"));

        List<RunEvent> events = ExecutionEvents.help(plan, snapshot, seals, stamp, stamp);

        TurnCompleted completed = (TurnCompleted) events.get(1);
        assertThat(completed.capabilities()).extracting(OfferedCapability::name)
                .hasSize(snapshot.size() - 1).doesNotContain(shadow.name());
    }
}
