package dev.capplanner.eventbus;

import dev.capplanner.testing.architecture.ModuleArchitecture;
import org.junit.jupiter.api.Test;

/**
 * The Kafka edge sits at the root; the module's other jobs have packages named for them (trust:
 * seal keys and service credentials; snapshots: fetching a run's snapshot; outage: telling a
 * database outage; warmup; deadletters: encrypting what a dead letter keeps), and none of them
 * depends on another in a circle.
 */
class ArchitectureTest {

    @Test
    void packagesFormNoCycle() {
        ModuleArchitecture.of("dev.capplanner.eventbus").hasNoPackageCycles();
    }
}
