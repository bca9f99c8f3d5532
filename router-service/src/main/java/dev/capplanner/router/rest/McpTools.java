package dev.capplanner.router.rest;

import dev.capplanner.contracts.discovery.McpToolListing;
import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.inputschema.InputSchema;
import dev.capplanner.router.discovery.ChannelPolicy;
import dev.capplanner.router.discovery.DiscoveryOffer;
import dev.capplanner.router.discovery.McpToolNames;
import dev.capplanner.router.discovery.OfferedTool;
import dev.capplanner.router.discovery.ToolDiscovery;
import dev.capplanner.router.ranking.MatchReasonText;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The MCP face's view of a principal's snapshot: each offered capability with its definition, loaded
 * after discovery (discovery itself names tools and carries no schema). A definition shows what a
 * caller may set: the inputs bound from the run context (the tenant, ...) are left out of its input
 * schema, since no caller sets them. A capability whose connection is in shadow is never offered here
 * (it is never called). Descriptions are the sources' text, bounded, for the client's own model to
 * read as data.
 */
public final class McpTools {

    /** Names resolved at once: a {@code tools/call} resolves one. */
    public static final int MAX_NAMES = 16;
    static final int MAX_DESCRIPTION_CHARS = 1_000;

    private McpTools() {
    }

    static McpToolListing offered(List<Capability> snapshot, DiscoveryOffer offer) {
        Map<String, String> names = McpToolNames.of(snapshot.stream().map(Capability::name).toList());
        Map<String, Capability> byName = snapshot.stream()
                .collect(Collectors.toMap(Capability::name, Function.identity(), (a, b) -> a));
        boolean ranked = !ToolDiscovery.UNRANKED.equals(offer.strategy());
        List<McpToolListing.Tool> tools = offer.candidates().stream()
                .filter(offered -> byName.containsKey(offered.name()) && callable(byName.get(offered.name())))
                .map(offered -> tool(byName.get(offered.name()), names, ranked ? offered : null)).toList();
        return new McpToolListing(tools, offer.authorizedCount(), offer.effectiveLimit(), offer.strategy());
    }

    static McpToolListing resolved(List<Capability> snapshot, Set<String> mcpNames, ChannelPolicy policy) {
        Map<String, String> names = McpToolNames.of(snapshot.stream().map(Capability::name).toList());
        List<Capability> admitted = snapshot.stream().filter(c -> policy.admits(c.name()) && callable(c)).toList();
        List<McpToolListing.Tool> tools = admitted.stream().filter(c -> mcpNames.contains(names.get(c.name())))
                .map(c -> tool(c, names, null)).toList();
        return new McpToolListing(tools, admitted.size(), MAX_NAMES, "by-name");
    }

    private static boolean callable(Capability capability) {
        return capability.readOnly() && !Capability.inShadow(capability);
    }

    private static McpToolListing.Tool tool(Capability capability, Map<String, String> names, OfferedTool offered) {
        Set<String> bound = InputSchema.of(capability.inputSchema()).boundParameters();
        Map<String, Object> shown = InputSchema.notRequiring(
                InputSchema.withoutParameters(capability.inputSchema(), bound), bound);
        String description = capability.description() == null ? "" : capability.description();
        return new McpToolListing.Tool(capability.name(), names.get(capability.name()),
                description.length() <= MAX_DESCRIPTION_CHARS ? description
                        : description.substring(0, MAX_DESCRIPTION_CHARS - 1) + "…",
                shown, capability.outputSchema(), capability.family(), capability.entity(),
                offered == null ? null : offered.score(),
                offered == null ? null : MatchReasonText.of(offered.reasons()));
    }
}
