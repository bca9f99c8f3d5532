package dev.capplanner.contracts;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The contracts' packages form no cycle; every package, the root one included, is a slice of its own. */
class PackageCyclesTest {

    @Test
    void noPackageDependsOnItselfThroughOthers() {
        var classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.capplanner.contracts");
        slices().matching("dev.capplanner.(**)").should().beFreeOfCycles().check(classes);
    }
}
