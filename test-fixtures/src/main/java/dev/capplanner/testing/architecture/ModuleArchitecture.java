package dev.capplanner.testing.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.Arrays;

/** The shape every module keeps, checked on its main classes. */
public final class ModuleArchitecture {

    /** Framework and messaging packages a service's core must not touch. */
    static final String[] FRAMEWORKS = {"io.quarkus..", "jakarta..", "io.vertx..", "io.smallrye..",
        "org.eclipse.microprofile..", "org.apache.kafka..", "org.hibernate..", "org.jboss.."};

    private final String rootPackage;
    private final JavaClasses classes;

    private ModuleArchitecture(String rootPackage) {
        this.rootPackage = rootPackage;
        this.classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(rootPackage);
    }

    /** @param rootPackage the module's root, e.g. {@code dev.capplanner.planner} */
    public static ModuleArchitecture of(String rootPackage) {
        return new ModuleArchitecture(rootPackage);
    }

    /**
     * No package depends, through others, on itself: classes are sliced by the package below the
     * root (a sub-package such as {@code routing.llm} belongs to its parent's slice).
     */
    public ModuleArchitecture hasNoPackageCycles() {
        slices().matching(rootPackage + ".(*)..").should().beFreeOfCycles().check(classes);
        return this;
    }

    /** The named core packages (below the root) use no framework type. */
    public ModuleArchitecture hasFrameworkFreeCore(String... corePackages) {
        noClasses().that().resideInAnyPackage(packages(corePackages)).should().dependOnClassesThat()
                .resideInAnyPackage(FRAMEWORKS).check(classes);
        return this;
    }

    /**
     * Deny by default: only the named adapter packages (below the root, with their sub-packages) may
     * use a framework type, so a package added later is core until it is declared an adapter.
     */
    public ModuleArchitecture hasFrameworkOnlyIn(String... adapterPackages) {
        noClasses().that().resideOutsideOfPackages(packages(adapterPackages)).should().dependOnClassesThat()
                .resideInAnyPackage(FRAMEWORKS).check(classes);
        return this;
    }

    /**
     * The named core packages compute with their own vocabulary: no contract record reaches them. The
     * reading of a capability's input schema ({@code contracts.inputschema}) is not a record but the
     * one rule every service shares on which parameters a plan may set, so a core asks it too; so is
     * the parsing of a path template ({@code contracts.paths}), the one rule the import and the executor
     * share on what a call's URL may be; so is the naming of entities as people
     * ({@code contracts.entities}), the one rule the router and the planner share on what "who" asks for.
     */
    public ModuleArchitecture hasCoreFreeOfWireRecords(String... corePackages) {
        noClasses().that().resideInAnyPackage(packages(corePackages)).should().dependOnClassesThat(
                resideInAPackage("dev.capplanner.contracts..")
                        .and(not(resideInAnyPackage("dev.capplanner.contracts.inputschema..",
                                "dev.capplanner.contracts.paths..", "dev.capplanner.contracts.entities..")))).check(classes);
        return this;
    }

    /**
     * The named packages below the root, each of which must hold a class: a rule over a package that
     * was renamed away would otherwise check nothing and pass.
     */
    private String[] packages(String... names) {
        for (String name : names) {
            String fullName = rootPackage + "." + name;
            boolean present = classes.stream().anyMatch(type -> type.getPackageName().equals(fullName)
                    || type.getPackageName().startsWith(fullName + "."));
            if (!present) {
                throw new AssertionError("no package " + fullName + " among the main classes: the rule would check nothing");
            }
        }
        return Arrays.stream(names).map(p -> rootPackage + "." + p + "..").toArray(String[]::new);
    }
}
