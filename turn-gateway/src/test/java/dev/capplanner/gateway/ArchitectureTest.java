package dev.capplanner.gateway;

import dev.capplanner.testing.architecture.ModuleArchitecture;
import org.junit.jupiter.api.Test;

/** The gateway's core (who waits for which turn, whose run a record is) uses no framework; no package cycle. */
class ArchitectureTest {

    @Test
    void theCoreIsFrameworkFreeAndPackagesFormNoCycle() {
        ModuleArchitecture.of("dev.capplanner.gateway").hasNoPackageCycles().hasFrameworkFreeCore("turns")
                .hasFrameworkOnlyIn("kafka", "rest", "config");
    }
}
