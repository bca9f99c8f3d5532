package dev.capplanner.gateway;

import dev.capplanner.testing.architecture.ModuleArchitecture;
import org.junit.jupiter.api.Test;

/**
 * The gateway's core (who waits for which turn, whose run a record is) uses no framework; the faces
 * (rest, mcp) and the Kafka side are its adapters; no package cycle.
 */
class ArchitectureTest {

    @Test
    void theCoreIsFrameworkFreeAndPackagesFormNoCycle() {
        ModuleArchitecture.of("dev.capplanner.gateway").hasNoPackageCycles().hasFrameworkFreeCore("turns")
                .hasFrameworkOnlyIn("kafka", "rest", "mcp", "config");
    }
}
