package dev.capplanner.executor;

import dev.capplanner.testing.architecture.ModuleArchitecture;
import org.junit.jupiter.api.Test;

/** No package cycle; the core stays plain Java and speaks its own vocabulary. */
class ArchitectureTest {

    @Test
    void packagesFormNoCycle() {
        ModuleArchitecture.of("dev.capplanner.executor").hasNoPackageCycles();
    }

    @Test
    void coreUsesNoFramework() {
        ModuleArchitecture.of("dev.capplanner.executor").hasFrameworkFreeCore("request", "authorization", "execution", "evidence", "invocation", "targets");
    }

    @Test
    void coreUsesNoWireRecord() {
        ModuleArchitecture.of("dev.capplanner.executor").hasCoreFreeOfWireRecords("request", "authorization", "execution", "evidence", "invocation");
    }
}
