package dev.capplanner.planner;

import dev.capplanner.testing.architecture.ModuleArchitecture;
import org.junit.jupiter.api.Test;

/** The service's adapters around planner-core form no package cycle (the core's own rules are tested there). */
class ArchitectureTest {

    @Test
    void packagesFormNoCycle() {
        ModuleArchitecture.of("dev.capplanner.planner").hasNoPackageCycles();
    }
}
