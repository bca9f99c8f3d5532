package dev.capplanner.reports;

import dev.capplanner.testing.architecture.ModuleArchitecture;
import org.junit.jupiter.api.Test;

/** No package cycle; the core stays plain Java and speaks its own vocabulary. */
class ArchitectureTest {

    @Test
    void packagesFormNoCycle() {
        ModuleArchitecture.of("dev.capplanner.reports").hasNoPackageCycles();
    }

    @Test
    void coreUsesNoFramework() {
        ModuleArchitecture.of("dev.capplanner.reports").hasFrameworkFreeCore("masking", "shadow");
    }

    @Test
    void coreUsesNoWireRecord() {
        ModuleArchitecture.of("dev.capplanner.reports").hasCoreFreeOfWireRecords("masking", "shadow");
    }
}
