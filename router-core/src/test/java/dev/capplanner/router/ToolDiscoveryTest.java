package dev.capplanner.router;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.router.ranking.MatchReason;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.router.discovery.DiscoveryChannel;
import dev.capplanner.router.discovery.DiscoveryEvent;
import dev.capplanner.router.discovery.DiscoveryOffer;
import dev.capplanner.router.discovery.DiscoveryRequest;
import dev.capplanner.router.discovery.OfferedTool;
import dev.capplanner.router.discovery.ToolDiscovery;
import dev.capplanner.router.keyword.KeywordIndex;
import dev.capplanner.testing.events.CapabilityFixtures;
import java.util.ArrayList;
import java.util.List;

import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Rule "discovery offer": one part of the rule, one test. */
class ToolDiscoveryTest {

    static final KeywordIndex DEMO = KeywordIndex.build(CapabilityFixtures.demo());
    static final Set<String> ALL = CapabilityFixtures.demo().stream().map(Capability::name).collect(Collectors.toSet());
    final ToolDiscovery discovery = new ToolDiscovery();

    @Test
    void emptyPermissionsGiveAnEmptyOfferNeverTheCatalog() {
        DiscoveryOffer offer = discover(request("customer orders", Set.of(), null, DiscoveryChannel.CHAT));
        assertThat(offer.candidates()).isEmpty();
        assertThat(offer.authorizedCount()).isZero();
    }

    @Test
    void onlyPermissionedSnapshotToolsAreOfferedAndUnknownNamesAreDenied() {
        DiscoveryOffer offer = discover(request("customer orders details", Set.of("orders.list", "admin.wipe"), null,
                DiscoveryChannel.CHAT));
        assertThat(offer.candidates()).extracting(OfferedTool::name).containsExactly("orders.list");
        assertThat(offer.authorizedCount()).isEqualTo(1);
        assertThat(offer.deniedCount()).isEqualTo(1);
    }

    @Test
    void limitsHaveAChannelDefaultAndAHardMaximum() {
        DiscoveryOffer chat = discover(request("order", ALL, null, DiscoveryChannel.CHAT));
        assertThat(chat.requestedLimit()).isEqualTo(8);
        assertThat(chat.effectiveLimit()).isEqualTo(8);
        DiscoveryOffer huge = discover(request("order", ALL, 100_000, DiscoveryChannel.MCP));
        assertThat(huge.requestedLimit()).isEqualTo(100_000);
        assertThat(huge.effectiveLimit()).isEqualTo(ToolDiscovery.HARD_MAX_LIMIT);
        assertThat(discover(request("order", ALL, 1, DiscoveryChannel.CHAT)).candidates()).hasSize(1);
    }

    @Test
    void forcedNamesComeFirstEvenWithoutAMatch() {
        DiscoveryOffer offer = discover(new DiscoveryRequest("order status", ALL, "read", 2, List.of(),
                List.of("customers.search"), List.of(), List.of(), DiscoveryChannel.SUBAGENT, null));
        assertThat(offer.candidates()).extracting(OfferedTool::name).first().isEqualTo("customers.search");
        assertThat(offer.candidates().get(0).reasons().get(0)).isEqualTo(new MatchReason.Requested("forced"));
        assertThat(offer.channel()).isEqualTo("subagent");
    }

    @Test
    void protectedMatchesSurviveTheLimit() {
        DiscoveryOffer offer = discover(new DiscoveryRequest("customer orders", ALL, "read", 1, List.of(), List.of(),
                List.of(), List.of("customers.detail"), DiscoveryChannel.CHAT, null));
        assertThat(offer.candidates()).extracting(OfferedTool::name).containsExactly("customers.detail");
    }

    @Test
    void preferredNamesAndTheCapabilityHintLiftButDoNotAddUnmatchedTools() {
        DiscoveryOffer plain = discover(request("customer orders", ALL, null, DiscoveryChannel.CHAT));
        DiscoveryOffer preferring = discover(new DiscoveryRequest("customer orders", ALL, "read", null, List.of(),
                List.of(), List.of("customers.detail"), List.of(), DiscoveryChannel.CHAT, null));
        assertThat(position(preferring, "customers.detail")).isLessThan(position(plain, "customers.detail"));
        DiscoveryOffer hinted = discover(new DiscoveryRequest("customer orders", ALL, "read", null, List.of(),
                List.of(), List.of(), List.of(), DiscoveryChannel.CHAT, "api:customers"));
        assertThat(position(hinted, "customers.detail")).isLessThan(position(plain, "customers.detail"));
        assertThat(hinted.candidates().get(position(hinted, "customers.detail")).reasons())
                .endsWith(new MatchReason.Requested("preferred"));
        DiscoveryOffer hintOnUnmatched = discover(new DiscoveryRequest("order", ALL, "read", null, List.of(), List.of(),
                List.of(), List.of(), DiscoveryChannel.CHAT, "api:customers"));
        assertThat(hintOnUnmatched.candidates()).extracting(OfferedTool::name).doesNotContain("customers.search");
    }

    @Test
    void offersNeverCarrySchemasAndAreReadOnly() {
        DiscoveryOffer offer = discover(request("customer orders", ALL, null, DiscoveryChannel.MCP));
        String json = RunEventJson.toJson(offer);
        assertThat(json).doesNotContain("inputSchema").doesNotContain("properties").doesNotContain("pattern");
        assertThat(offer.mutation()).isFalse();
        assertThat(offer.candidates()).allMatch(c -> c.sideEffect().equals("none"));
        assertThat(offer.strategy()).isEqualTo("keyword");
    }

    @Test
    void discoveryEventCarriesCountsAndNamesButNoSensitiveValues() {
        String question = "Show orders for Riccardo Lorini, riccardo.lorini@example.com, amount 1299.50 EUR, document DOC-778";
        DiscoveryOffer offer = discover(new DiscoveryRequest(question, ALL, "read", null,
                List.of("my phone is +39 347 123 4567"), List.of(), List.of(), List.of(), DiscoveryChannel.CHAT, null));
        String line = DiscoveryEvent.line(offer);
        assertThat(line).startsWith("event=tool_discovery channel=chat mode=read mutation=false strategy=keyword")
                .contains("selected_tools=[").contains("requested_limit=8").contains("limit=8");
        for (String sensitive : List.of("Riccardo", "Lorini", "example.com", "1299", "DOC-778", "347", "orders for")) {
            assertThat(line).doesNotContain(sensitive);
        }
        assertThat(DiscoveryEvent.fields(offer)).containsKeys("candidate_count", "selected_count", "discovery_latency_ms");
    }

    @Test
    void aRoutedTurnIsObservedAsAChatOfferWithoutItsQuestion() {
        String question = "Show the orders for Riccardo Lorini, riccardo.lorini@example.com, amount 1299.50 EUR, DOC-778";
        var route = new dev.capplanner.router.routing.DeterministicRouter(8)
                .route(new dev.capplanner.router.ranking.RankingQuery(question, List.of(), null), DEMO);
        DiscoveryOffer offer = DiscoveryOffer.ofRoute(route, "hybrid", DEMO.capabilities().size(), 8, 8, 1.5);
        String line = DiscoveryEvent.line(offer);
        assertThat(line).startsWith("event=tool_discovery channel=chat mode=read mutation=false strategy=hybrid")
                .contains("candidate_count=4").contains("selected_tools=[orders.detail, orders.list, customers.search]")
                .contains("selected_count=3");
        for (String sensitive : List.of("Riccardo", "Lorini", "example.com", "1299", "DOC-778", "orders for")) {
            assertThat(line).doesNotContain(sensitive);
        }
    }

    private DiscoveryOffer discover(DiscoveryRequest request) {
        return discovery.discover(request, DEMO, "keyword");
    }

    private static DiscoveryRequest request(String query, Set<String> permitted, Integer limit, DiscoveryChannel channel) {
        return new DiscoveryRequest(query, permitted, "read", limit, List.of(), List.of(), List.of(), List.of(), channel,
                null);
    }

    private static int position(DiscoveryOffer offer, String name) {
        List<String> names = new ArrayList<>(offer.candidates().stream().map(OfferedTool::name).toList());
        return names.indexOf(name);
    }

}
