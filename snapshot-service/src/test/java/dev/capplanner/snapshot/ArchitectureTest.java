package dev.capplanner.snapshot;

import dev.capplanner.testing.architecture.ModuleArchitecture;
import org.junit.jupiter.api.Test;

/** No package cycle; the core stays plain Java. */
class ArchitectureTest {

    @Test
    void packagesFormNoCycle() {
        ModuleArchitecture.of("dev.capplanner.snapshot").hasNoPackageCycles();
    }

    @Test
    void coreUsesNoFramework() {
        ModuleArchitecture.of("dev.capplanner.snapshot").hasFrameworkFreeCore("authorization", "building", "catalog", "registry");
    }

}
