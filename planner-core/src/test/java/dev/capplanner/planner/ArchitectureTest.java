package dev.capplanner.planner;

import dev.capplanner.testing.architecture.ModuleArchitecture;
import org.junit.jupiter.api.Test;

/** No package cycle; the core stays plain Java and speaks its own vocabulary. */
class ArchitectureTest {

    private static final String[] CORE = {"plan", "validation", "capability", "classic", "mode", "classification"};

    @Test
    void packagesFormNoCycle() {
        ModuleArchitecture.of("dev.capplanner.planner").hasNoPackageCycles();
    }

    @Test
    void coreUsesNoFramework() {
        ModuleArchitecture.of("dev.capplanner.planner").hasFrameworkFreeCore(CORE);
    }

    @Test
    void coreUsesNoWireRecord() {
        ModuleArchitecture.of("dev.capplanner.planner").hasCoreFreeOfWireRecords(CORE);
    }
}
