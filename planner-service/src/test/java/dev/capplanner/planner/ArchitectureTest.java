package dev.capplanner.planner;

import dev.capplanner.testing.architecture.ModuleArchitecture;
import org.junit.jupiter.api.Test;

/** No package cycle; the core stays plain Java and speaks its own vocabulary. */
class ArchitectureTest {

    @Test
    void packagesFormNoCycle() {
        ModuleArchitecture.of("dev.capplanner.planner").hasNoPackageCycles();
    }

    @Test
    void coreUsesNoFramework() {
        ModuleArchitecture.of("dev.capplanner.planner").hasFrameworkFreeCore("plan", "validation", "capability", "classic", "mode");
    }

    @Test
    void coreUsesNoWireRecord() {
        ModuleArchitecture.of("dev.capplanner.planner").hasCoreFreeOfWireRecords("plan", "validation", "capability", "classic", "mode");
    }
}
