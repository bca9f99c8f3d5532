package dev.capplanner.capabilityplans;

import dev.capplanner.testing.architecture.ModuleArchitecture;
import org.junit.jupiter.api.Test;

/**
 * No package cycle, and plain Java throughout: the snapshot service registers and the executor runs
 * plans with this module as it is. (Its input is the contract's plan definition, by design: the
 * plan an operator wrote is the wire form every service reads.)
 */
class ArchitectureTest {

    @Test
    void packagesFormNoCycle() {
        ModuleArchitecture.of("dev.capplanner.capabilityplans").hasNoPackageCycles();
    }

    @Test
    void everyPackageUsesNoFramework() {
        ModuleArchitecture.of("dev.capplanner.capabilityplans").hasFrameworkFreeCore("language", "registration", "execution");
    }
}
