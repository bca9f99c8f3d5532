package dev.capplanner.testing.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * No package of a module depends, through others, on itself: each module's main classes are
 * sliced by the package below the module's root (a sub-package such as {@code routing.llm} belongs
 * to its parent's slice) and the slices must form no cycle.
 */
public final class PackageCycles {

    private PackageCycles() {
    }

    /** @param rootPackage the module's root, e.g. {@code dev.capplanner.planner} */
    public static void assertNone(String rootPackage) {
        var classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(rootPackage);
        slices().matching(rootPackage + ".(*)..").should().beFreeOfCycles().check(classes);
    }
}
