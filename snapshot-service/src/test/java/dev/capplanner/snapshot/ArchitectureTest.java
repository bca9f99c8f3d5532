package dev.capplanner.snapshot;

import dev.capplanner.testing.architecture.ModuleArchitecture;
import org.junit.jupiter.api.Test;

/**
 * No package cycle; the core stays plain Java. The core reads as the registry's concepts: a
 * connection, how its source is imported, the catalog, approvals, the registry as of a revision (with
 * the grants, planner modes and capability plans it holds), access, how a capability plan is offered,
 * how a snapshot is built. The adapters around it are the only packages a framework type may appear in.
 */
class ArchitectureTest {

    @Test
    void packagesFormNoCycle() {
        ModuleArchitecture.of("dev.capplanner.snapshot").hasNoPackageCycles();
    }

    @Test
    void frameworkTypesStayInTheAdapters() {
        ModuleArchitecture.of("dev.capplanner.snapshot")
                .hasFrameworkOnlyIn("config", "messaging", "persistence", "rest", "stage", "sourceimport.live")
                .hasFrameworkFreeCore("approval", "authorization", "building", "capabilityplan", "catalog",
                        "connection", "registry");
    }
}
