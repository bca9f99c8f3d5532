package dev.capplanner.principals;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.capplanner.testing.architecture.ModuleArchitecture;
import org.junit.jupiter.api.Test;

/** No package cycle; the rules (the root package) stay plain Java, smallrye-jwt and CDI only in their adapters. */
class ArchitectureTest {

    @Test
    void packagesFormNoCycle() {
        ModuleArchitecture.of("dev.capplanner.principals").hasNoPackageCycles();
    }

    @Test
    void theRulesUseNoFramework() {
        JavaClasses classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.capplanner.principals");
        noClasses().that().resideInAPackage("dev.capplanner.principals").should().dependOnClassesThat()
                .resideInAnyPackage("io.quarkus..", "jakarta..", "io.vertx..", "io.smallrye..",
                        "org.eclipse.microprofile..", "org.jose4j..", "org.jboss..")
                .check(classes);
    }
}
