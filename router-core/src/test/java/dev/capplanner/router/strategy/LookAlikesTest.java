package dev.capplanner.router.strategy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.keyword.KeywordIndex;
import dev.capplanner.router.ranking.MatchReason;
import dev.capplanner.router.ranking.RankedCapability;
import dev.capplanner.router.ranking.RankingQuery;
import dev.capplanner.testing.events.CapabilityFixtures;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LookAlikesTest {

    private static final List<Capability> CATALOG = List.of(
            tool("mcp:github/list_issues", "mcp:github", "issue", "list"),
            tool("mcp:gitlab/list_issues", "mcp:gitlab", "issues", "list"),
            tool("mcp:linear/list_issues", "mcp:linear", "Issue", "list"),
            tool("mcp:github/get_issue", "mcp:github", "issue", "get"),
            tool("api:orders/orders.search", "api:orders", "order", "search"),
            tool("api:orders/orders.find", "api:orders", "order", "search"),
            tool("mcp:github/decide_issue", "mcp:github", "issue", "list", Capability.PLAN_KIND));

    @Test
    void theSameOperationOnTheSameEntityInOtherSourcesIsALookAlike() {
        LookAlikes lookAlikes = LookAlikes.of(CATALOG);
        assertThat(lookAlikes.of("mcp:gitlab/list_issues")).as("plural and case folded")
                .containsExactly("mcp:github/list_issues", "mcp:linear/list_issues");
        assertThat(lookAlikes.of("mcp:github/get_issue")).as("another operation").isEmpty();
    }

    @Test
    void toolsOfOneSourceAndPlansAreNoLookAlikes() {
        LookAlikes lookAlikes = LookAlikes.of(CATALOG);
        assertThat(lookAlikes.of("api:orders/orders.search")).isEmpty();
        assertThat(lookAlikes.of("mcp:github/decide_issue")).isEmpty();
        assertThat(lookAlikes.of("mcp:github/list_issues")).doesNotContain("mcp:github/decide_issue");
        assertThat(lookAlikes.members()).isEqualTo(3);
    }

    @Test
    void everyRankerNamesTheLookAlikesAmongItsReasonsAndKeepsItsOrder() {
        var ranker = new RankerFactory(() -> {
            throw new AssertionError("keyword ranking needs no model");
        }).build(RankingStrategy.KEYWORD, CATALOG);
        RankingQuery question = new RankingQuery("list the issues in GitLab", List.of(), null);
        List<RankedCapability> ranked = ranker.rank(question, 4);
        RankedCapability gitlab = ranked.stream().filter(r -> r.capability().name().equals("mcp:gitlab/list_issues"))
                .findFirst().orElseThrow();
        assertThat(gitlab.reasons()).contains(new MatchReason.LookAlikes(
                List.of("mcp:github/list_issues", "mcp:linear/list_issues")));
        assertThat(ranked).extracting(r -> r.capability().name()).containsExactlyElementsOf(
                KeywordIndex.build(CATALOG).rank(question, 4).stream().map(r -> r.capability().name()).toList());
    }

    private static Capability tool(String name, String family, String entity, String operation) {
        return tool(name, family, entity, operation, "mcp");
    }

    private static Capability tool(String name, String family, String entity, String operation, String kind) {
        Capability base = CapabilityFixtures.capability("x." + operation, entity, operation, "Tool " + name,
                "/" + operation, Map.of(), List.of());
        return new Capability(name, kind, family, entity, operation, base.description() + " of " + family,
                List.of(), true, base.endpoint(), base.inputSchema(), null);
    }
}
