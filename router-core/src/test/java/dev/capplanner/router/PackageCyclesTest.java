package dev.capplanner.router;

import dev.capplanner.testing.architecture.PackageCycles;
import org.junit.jupiter.api.Test;

class PackageCyclesTest {

    @Test
    void noPackageDependsOnItselfThroughOthers() {
        PackageCycles.assertNone("dev.capplanner.router");
    }
}
