package dev.capplanner.localstack;

import dev.capplanner.testing.architecture.ModuleArchitecture;
import org.junit.jupiter.api.Test;

/**
 * The local stack reads as three things: the stack (processes, keys, faults, the chat backend's
 * client), the replay of a conversation on it, and the load driver; none depends back on another's
 * user (the stack runs no replay, the replay drives no load). Beside them, the operators' opener of
 * dead letters, which needs none of them.
 */
class ArchitectureTest {

    @Test
    void packagesFormNoCycle() {
        ModuleArchitecture.of("dev.capplanner.localstack").hasNoPackageCycles();
    }
}
