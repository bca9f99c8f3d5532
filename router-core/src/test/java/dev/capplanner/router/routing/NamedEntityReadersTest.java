package dev.capplanner.router.routing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.testing.events.CapabilityFixtures;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The plainest list of the entity a question names in the plural, in the scope the rankers found. */
class NamedEntityReadersTest {

    static final Map<String, String> REPOSITORY = Map.of("owner", "", "repo", "");
    static final Capability COMMITS = CapabilityFixtures.capability("repos.commits", "commit", "list",
            "List commits.", "/repos/{owner}/{repo}/commits", REPOSITORY, List.of());
    static final Capability PULL_COMMITS = CapabilityFixtures.capability("pulls.commits", "commit", "list",
            "List the commits of a pull request.", "/repos/{owner}/{repo}/pulls/{pull_number}/commits",
            Map.of("owner", "", "repo", "", "pull_number", ""), List.of());
    static final Capability GIST_COMMITS = CapabilityFixtures.capability("gists.commits", "commit", "list",
            "List gist commits.", "/gists/{gist_id}/commits", Map.of("gist_id", ""), List.of());
    static final Capability REPOSITORIES = CapabilityFixtures.capability("repos.for-user", "repo", "list",
            "List repositories for a user.", "/users/{username}/repos", Map.of("username", ""), List.of());
    static final List<RoutedCandidate> STATISTICS = IntStream.range(0, 8)
            .mapToObj(i -> new RoutedCandidate(CapabilityFixtures.capability("repos.stats" + i, "commit-activity",
                    "list", "Commit statistics " + i, "/repos/{owner}/{repo}/stats/s" + i, REPOSITORY, List.of()),
                    1.0 - i / 10.0, List.of()))
            .toList();
    static final List<Capability> SNAPSHOT = List.of(PULL_COMMITS, GIST_COMMITS, COMMITS, REPOSITORIES);

    @Test
    void theListOfTheNamedEntityInTheLeadingCandidatesScopeTakesAPlaceAfterThem() {
        List<RoutedCandidate> route = NamedEntityReaders.with(STATISTICS, "last five commits on torvalds/linux",
                SNAPSHOT, 3, 8);
        assertThat(route).hasSize(8);
        assertThat(route).extracting(c -> c.capability().name()).startsWith("repos.stats0", "repos.stats1",
                "repos.stats2", "repos.commits").doesNotContain("repos.stats7");
        assertThat(route.get(3).score()).as("ranked for the question, as the last leading candidate")
                .isEqualTo(route.get(2).score());
    }

    @Test
    void onlyAListNamedInThePluralWhoseInputsTheLeadingCandidatesTake() {
        assertThat(NamedEntityReaders.with(STATISTICS, "the last commit on torvalds/linux", SNAPSHOT, 3, 8))
                .as("named in the singular").isEqualTo(STATISTICS);
        assertThat(NamedEntityReaders.with(STATISTICS, "repositories of torvalds", SNAPSHOT, 3, 8))
                .as("a username is no input of the leading candidates' scope").isEqualTo(STATISTICS);
        assertThat(NamedEntityReaders.with(List.of(), "last five commits on torvalds/linux", SNAPSHOT, 3, 8))
                .as("no fit, no route").isEmpty();
        List<RoutedCandidate> withCommits = List.of(STATISTICS.get(0), new RoutedCandidate(COMMITS, 0.5, List.of()));
        assertThat(NamedEntityReaders.with(withCommits, "last five commits on torvalds/linux", SNAPSHOT, 3, 8))
                .as("already routed").isEqualTo(withCommits);
        List<RoutedCandidate> route = NamedEntityReaders.with(List.of(new RoutedCandidate(PULL_COMMITS, 0.9,
                List.of())), "commits of pull request 12 in torvalds/linux", SNAPSHOT, 3, 8);
        assertThat(route).extracting(c -> c.capability().name())
                .as("the plainest list in the scope: the repository's, not the gist's")
                .containsExactly("pulls.commits", "repos.commits");
        Capability everyGist = CapabilityFixtures.capability("gists.public", "gist", "list", "Public gists.",
                "/gists/public", Map.of(), List.of());
        assertThat(NamedEntityReaders.with(STATISTICS, "gists of torvalds/linux", List.of(everyGist), 3, 8))
                .as("a list of everyone's records is no scope's").isEqualTo(STATISTICS);
    }

    @Test
    void atMostTwoListsJoinOneRoute() {
        Capability branches = CapabilityFixtures.capability("repos.branches", "branch", "list", "List branches.",
                "/repos/{owner}/{repo}/branches", REPOSITORY, List.of());
        Capability tags = CapabilityFixtures.capability("repos.tags", "tag", "list", "List tags.",
                "/repos/{owner}/{repo}/tags", REPOSITORY, List.of());
        List<RoutedCandidate> route = NamedEntityReaders.with(STATISTICS,
                "commits, branches and tags of torvalds/linux", List.of(COMMITS, branches, tags), 3, 8);
        assertThat(route).extracting(c -> c.capability().name()).contains("repos.commits", "repos.branches")
                .doesNotContain("repos.tags");
    }
}
