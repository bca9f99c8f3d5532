package dev.capplanner.router;

import dev.capplanner.testing.architecture.ModuleArchitecture;
import org.junit.jupiter.api.Test;

/** The service's adapters and router-core's packages together form no cycle. */
class ArchitectureTest {

    @Test
    void packagesFormNoCycle() {
        ModuleArchitecture.of("dev.capplanner.router").hasNoPackageCycles();
    }
}
