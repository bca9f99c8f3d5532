package dev.capplanner.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.capplanner.executor.execution.ResultPaths;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResultPathsTest {

    static final Map<String, Object> CUSTOMERS = Map.of("items", List.of(Map.of("id", "C-1001", "name", "Riccardo"),
            Map.of("id", "C-1002", "name", "Riccardo")), "count", 2);

    @Test
    void aPathThroughACollectionGivesEveryRowsValue() {
        assertThat(ResultPaths.values(CUSTOMERS, "items[].id")).containsExactly("C-1001", "C-1002");
        assertThat(ResultPaths.values(CUSTOMERS, "count")).containsExactly(2);
        assertThat(ResultPaths.values(Map.of("id", "O-5002", "customerId", "C-1001"), "customerId"))
                .containsExactly("C-1001");
    }

    @Test
    void aPathTheResultDoesNotHaveGivesNothing() {
        assertThat(ResultPaths.values(CUSTOMERS, "items[].email")).isEmpty();
        assertThat(ResultPaths.values(CUSTOMERS, "count[]")).isEmpty();
        assertThat(ResultPaths.values(null, "id")).isEmpty();
    }

    @Test
    void positionsAreNotPaths() {
        assertThat(ResultPaths.isWellFormed("items.0.id")).isFalse();
        assertThat(ResultPaths.isWellFormed("items[0].id")).isFalse();
        assertThatThrownBy(() -> ResultPaths.values(CUSTOMERS, "items.0.id")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theRowOfAPathIsTheOneRowThatGivesAValueOrNone() {
        Map<String, Object> result = Map.of("page", Map.of("items", List.of(Map.of("name", "a"),
                Map.of("id", "C-2", "name", "b"))));
        assertThat(ResultPaths.rowOf(result, "page.items[].id")).contains(2);
        assertThat(ResultPaths.rowOf(result, "page.items[].name")).as("two rows give one")
                .isEmpty();
        assertThat(ResultPaths.rowOf(result, "page.items[].missing")).isEmpty();
        assertThat(ResultPaths.rowOf(Map.of("id", "C-1"), "id")).as("no collection")
                .isEmpty();
        assertThat(ResultPaths.rowOf(Map.of("a", List.of(Map.of("b",
                List.of(Map.of("c", 1))))), "a[].b[].c")).as("nested collections").isEmpty();
    }

    /** Most of GitHub's lists are a bare array: {@code [].sha} reads every row's, {@code [].author.login} one level down. */
    @Test
    void aResultThatIsItselfAnArrayIsReadFromItsRows() {
        List<Object> commits = java.util.Arrays.asList(Map.of("sha", "6dcb09b", "author", Map.of("login", "octocat")),
                null, Map.of("sha", "7fd1a60"));
        assertThat(ResultPaths.isWellFormed("[].sha")).isTrue();
        assertThat(ResultPaths.values(commits, "[].sha")).containsExactly("6dcb09b", "7fd1a60");
        assertThat(ResultPaths.values(commits, "[].author.login")).containsExactly("octocat");
        assertThat(ResultPaths.values(Map.of("sha", "6dcb09b"), "[].sha")).as("not an array").isEmpty();
        assertThat(ResultPaths.rowOf(commits, "[].author.login")).contains(1);
        assertThat(ResultPaths.rowOf(commits, "[].sha")).as("two rows give one").isEmpty();
        assertThat(ResultPaths.isWellFormed("[]")).isFalse();
        assertThat(ResultPaths.isWellFormed("[].[].id")).isFalse();
        assertThat(ResultPaths.isWellFormed("a.[].id")).isFalse();
    }
}
