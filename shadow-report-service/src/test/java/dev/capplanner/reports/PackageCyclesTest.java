package dev.capplanner.reports;

import dev.capplanner.testing.architecture.PackageCycles;
import org.junit.jupiter.api.Test;

class PackageCyclesTest {

    @Test
    void noPackageDependsOnItselfThroughOthers() {
        PackageCycles.assertNone("dev.capplanner.reports");
    }
}
