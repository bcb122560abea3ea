package dev.soapbench;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The boundaries between features (docs/architecture.md, "Boundaries"): a feature is a package
 * under dev.soapbench; its repositories are its own, and features depend on each other without
 * cycles. Everything else a feature keeps to itself is package-private, which the compiler checks.
 */
class ArchitectureTest {

    private static final String ROOT = "dev.soapbench";

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(ROOT);

    /**
     * Another feature's repositories still used from outside, as "using feature -> repository". The
     * list only shrinks: a new use fails {@link #noFeatureUsesAnothersRepository}, and an entry that
     * no longer matches fails {@link #theAllowedUsesAreAllStillThere}, so a fixed one is removed.
     */
    private static final Set<String> ALLOWED_REPOSITORY_USES = Set.of();

    private static final Set<String> JDBC_CLIENTS = Set.of(
            JdbcClient.class.getName(), JdbcTemplate.class.getName(), NamedParameterJdbcTemplate.class.getName());

    /** A repository talks SQL: it says so in its name, or it holds a JDBC client itself. */
    private static final DescribedPredicate<JavaClass> REPOSITORY =
            DescribedPredicate.describe("are repositories (named *Repository, or holding a JDBC client)", javaClass -> {
                JavaClass top = topLevel(javaClass);
                return top.getSimpleName().endsWith("Repository")
                        || top.getFields().stream()
                                .anyMatch(field ->
                                        JDBC_CLIENTS.contains(field.getRawType().getName()));
            });

    @Test
    void repositoriesAreNotPublic() {
        classes()
                .that(REPOSITORY)
                .and()
                .areTopLevelClasses()
                .and()
                .resideInAPackage(ROOT + ".*")
                .should()
                .notBePublic()
                .because("a feature's tables are read and written through its facade, not its repository")
                .check(MAIN);
    }

    @Test
    void noFeatureUsesAnothersRepository() {
        noClasses()
                .should(useAnotherFeaturesRepository())
                .because("a feature asks another feature's facade, never its repository")
                .check(MAIN);
    }

    @Test
    void theAllowedUsesAreAllStillThere() {
        assertThat(repositoryUsesAcrossFeatures())
                .as("allowed uses of another feature's repository that are gone: take them off the list")
                .containsAll(ALLOWED_REPOSITORY_USES);
    }

    @Test
    void featuresDependOnEachOtherWithoutCycles() {
        slices().matching(ROOT + ".(*)..")
                .namingSlices("$1")
                .should()
                .beFreeOfCycles()
                .check(MAIN);
    }

    private static Set<String> repositoryUsesAcrossFeatures() {
        Set<String> uses = new TreeSet<>();
        for (JavaClass origin : MAIN) {
            for (Dependency dependency : origin.getDirectDependenciesFromSelf()) {
                crossFeatureRepositoryUse(dependency).ifPresent(uses::add);
            }
        }
        return uses;
    }

    private static ArchCondition<JavaClass> useAnotherFeaturesRepository() {
        return new ArchCondition<>("use another feature's repository") {
            @Override
            public void check(JavaClass origin, ConditionEvents events) {
                for (Dependency dependency : origin.getDirectDependenciesFromSelf()) {
                    crossFeatureRepositoryUse(dependency)
                            .filter(use -> !ALLOWED_REPOSITORY_USES.contains(use))
                            .ifPresent(use -> events.add(SimpleConditionEvent.satisfied(
                                    dependency, dependency.getDescription() + " (" + use + ")")));
                }
            }
        };
    }

    /** "using feature -> repository" when the dependency crosses into another feature's repository. */
    private static Optional<String> crossFeatureRepositoryUse(Dependency dependency) {
        String from = feature(dependency.getOriginClass());
        String to = feature(dependency.getTargetClass());
        if (to == null || to.equals(from) || !REPOSITORY.test(dependency.getTargetClass())) {
            return Optional.empty();
        }
        return Optional.of(
                from + " -> " + to + "." + topLevel(dependency.getTargetClass()).getSimpleName());
    }

    /** The feature a class belongs to: the first package under dev.soapbench, or null outside one. */
    private static String feature(JavaClass javaClass) {
        String name = javaClass.getPackageName();
        if (!name.startsWith(ROOT + ".")) {
            return null;
        }
        String rest = name.substring(ROOT.length() + 1);
        int dot = rest.indexOf('.');
        return dot < 0 ? rest : rest.substring(0, dot);
    }

    private static JavaClass topLevel(JavaClass javaClass) {
        JavaClass top = javaClass;
        while (top.getEnclosingClass().isPresent()) {
            top = top.getEnclosingClass().get();
        }
        return top;
    }
}
