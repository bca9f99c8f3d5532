package dev.capplanner.router;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.discovery.ChannelPolicy;
import dev.capplanner.router.discovery.DiscoveryChannel;
import dev.capplanner.router.discovery.DiscoveryOffer;
import dev.capplanner.router.discovery.DiscoveryRequest;
import dev.capplanner.router.discovery.OfferedTool;
import dev.capplanner.router.discovery.ToolDiscovery;
import dev.capplanner.router.keyword.KeywordIndex;
import dev.capplanner.router.ranking.MatchReason;
import dev.capplanner.testing.events.CapabilityFixtures;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Rule "discovery channels": allowlists per channel, unranked listings, limits by execution mode. */
class DiscoveryChannelsTest {

    static final List<Capability> CATALOG = CapabilityFixtures.synthetic(300);
    static final KeywordIndex INDEX = KeywordIndex.build(CATALOG);
    static final Set<String> ALL = CATALOG.stream().map(Capability::name).collect(Collectors.toSet());
    static final String ORDERS = "svc0.orders.list";
    static final String CUSTOMERS = "svc0.customers.search";

    final ToolDiscovery discovery = new ToolDiscovery();

    @Test
    void crmAndTicketChannelsOfferNothingWithoutTheTenantsAllowlist() {
        for (DiscoveryChannel channel : List.of(DiscoveryChannel.CRM, DiscoveryChannel.TICKET)) {
            assertThat(offer(request("orders", channel, null, "read", null)).candidates()).as(channel.wireName())
                    .isEmpty();
            ChannelPolicy allowlist = new ChannelPolicy(Optional.of(Set.of(ORDERS, CUSTOMERS)), Set.of());
            assertThat(offer(request("orders customers", channel, allowlist, "read", null)).candidates())
                    .extracting(OfferedTool::name).as(channel.wireName()).containsExactlyInAnyOrder(ORDERS, CUSTOMERS);
        }
    }

    @Test
    void anAllowlistNeverWidensWhatThePrincipalIsPermitted() {
        ChannelPolicy allowlist = new ChannelPolicy(Optional.of(Set.of(ORDERS, "admin.wipe")), Set.of());
        DiscoveryOffer offer = discovery.discover(new DiscoveryRequest("orders", Set.of(CUSTOMERS), "read", null,
                List.of(), List.of(), List.of(), List.of(), DiscoveryChannel.CRM, null, allowlist), INDEX, "keyword");
        assertThat(offer.candidates()).isEmpty();
    }

    @Test
    void aSubagentSeesOnlyReadsOfItsOwnAllowlistWithinTheTenantsPolicy() {
        ChannelPolicy tenant = new ChannelPolicy(Optional.empty(), Set.of(CUSTOMERS));
        ChannelPolicy child = tenant.narrowedTo(Set.of(ORDERS, CUSTOMERS));
        assertThat(offer(request("orders customers", DiscoveryChannel.SUBAGENT, child, "read", null)).candidates())
                .extracting(OfferedTool::name).as("the tenant's denylist still applies").containsExactly(ORDERS);
        List<Capability> withAWrite = new java.util.ArrayList<>(CATALOG.subList(0, 10));
        Capability write = withAWrite.get(0);
        withAWrite.set(0, new Capability(write.name(), write.kind(), write.family(), write.entity(), write.operation(),
                write.description(), write.aliases(), false, write.endpoint(), write.inputSchema(),
                write.outputCollectionPath()));
        DiscoveryOffer offer = discovery.discover(new DiscoveryRequest(write.entity() + " " + write.operation(),
                Set.of(write.name()), "read", null, List.of(), List.of(), List.of(), List.of(),
                DiscoveryChannel.SUBAGENT, null), KeywordIndex.build(withAWrite), "keyword");
        assertThat(offer.candidates()).as("never a tool that is not read-only").isEmpty();
    }

    @Test
    void theWorkflowChannelListsEveryAuthorizedCapabilityUnrankedUpToTheHardMaximum() {
        DiscoveryOffer workflow = offer(request("anything at all", DiscoveryChannel.WORKFLOW, null, "read", null));
        assertThat(workflow.strategy()).isEqualTo("none");
        assertThat(workflow.effectiveLimit()).isEqualTo(ToolDiscovery.HARD_MAX_LIMIT);
        assertThat(workflow.candidates()).hasSize(ToolDiscovery.HARD_MAX_LIMIT);
        assertThat(workflow.candidates()).extracting(OfferedTool::name)
                .isEqualTo(ALL.stream().sorted().limit(ToolDiscovery.HARD_MAX_LIMIT).toList());
        assertThat(workflow.candidates().get(0).reasons()).containsExactly(new MatchReason.Requested("listed"));
    }

    @Test
    void mcpToolsListWithoutAQueryIsThePermittedCatalogAndWithOneIsRanked() {
        Set<String> few = ALL.stream().sorted().limit(60).collect(Collectors.toSet());
        DiscoveryOffer list = discovery.discover(new DiscoveryRequest("", few, "read", null, List.of(), List.of(),
                List.of(), List.of(), DiscoveryChannel.MCP, null), INDEX, "keyword");
        assertThat(list.strategy()).isEqualTo("none");
        assertThat(list.candidates()).hasSize(60);
        DiscoveryOffer ranked = offer(request("orders", DiscoveryChannel.MCP, null, "read", null));
        assertThat(ranked.strategy()).isEqualTo("keyword");
        assertThat(ranked.effectiveLimit()).isEqualTo(40);
    }

    @Test
    void defaultLimitsFollowTheExecutionModeAndStayUnderTheHardMaximum() {
        assertThat(offer(request("orders", DiscoveryChannel.CHAT, null, "analyzer", null)).effectiveLimit()).isEqualTo(48);
        assertThat(offer(request("orders", DiscoveryChannel.CHAT, null, "supervised", null)).effectiveLimit()).isEqualTo(128);
        assertThat(offer(request("orders", DiscoveryChannel.CHAT, null, "autonomous", null)).effectiveLimit()).isEqualTo(128);
        assertThat(offer(request("orders", DiscoveryChannel.CHAT, null, "read", null)).effectiveLimit()).isEqualTo(8);
        DiscoveryOffer huge = offer(request("orders", DiscoveryChannel.CHAT, null, "autonomous", 100_000));
        assertThat(huge.requestedLimit()).isEqualTo(100_000);
        assertThat(huge.effectiveLimit()).isEqualTo(ToolDiscovery.HARD_MAX_LIMIT);
    }

    @Test
    void anUnknownChannelIsRefusedNamingTheKnownOnes() {
        assertThatThrownBy(() -> DiscoveryChannel.parse("carrier-pigeon"))
                .hasMessage("channel must be one of chat, subagent, crm, ticket, workflow, mcp, not 'carrier-pigeon'");
    }

    private DiscoveryOffer offer(DiscoveryRequest request) {
        return discovery.discover(request, INDEX, "keyword");
    }

    private static DiscoveryRequest request(String query, DiscoveryChannel channel, ChannelPolicy policy, String mode,
                                            Integer limit) {
        return new DiscoveryRequest(query, ALL, mode, limit, List.of(), List.of(), List.of(), List.of(), channel, null,
                policy);
    }
}
