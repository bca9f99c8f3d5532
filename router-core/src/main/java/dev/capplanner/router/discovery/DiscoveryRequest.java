package dev.capplanner.router.discovery;

import java.util.List;
import java.util.Set;

/**
 * One consumer's request for tools (rule "discovery offer"). {@code permissionedNames} come
 * from the trusted snapshot/registry, never from the model; forced names are offered first,
 * protected names survive the limit when they match, preferred names and the capability hint
 * only lift the ranking. The {@code channelPolicy} (the tenant's allowlist and denylist for the
 * channel, narrowed by a subagent's own allowlist) only narrows; without one the channel's default
 * applies ({@link ChannelPolicy#orDefault}).
 */
public record DiscoveryRequest(
        String query,
        Set<String> permissionedNames,
        String executionMode,
        Integer requestedLimit,
        List<String> history,
        List<String> forcedNames,
        List<String> preferredNames,
        List<String> protectedNames,
        DiscoveryChannel channel,
        String capabilityHint,
        ChannelPolicy channelPolicy) {

    public DiscoveryRequest {
        query = query == null ? "" : query;
        permissionedNames = permissionedNames == null ? Set.of() : Set.copyOf(permissionedNames);
        executionMode = executionMode == null ? "read" : executionMode;
        history = history == null ? List.of() : List.copyOf(history);
        forcedNames = forcedNames == null ? List.of() : List.copyOf(forcedNames);
        preferredNames = preferredNames == null ? List.of() : List.copyOf(preferredNames);
        protectedNames = protectedNames == null ? List.of() : List.copyOf(protectedNames);
        channel = channel == null ? DiscoveryChannel.CHAT : channel;
        channelPolicy = channelPolicy == null ? ChannelPolicy.orDefault(java.util.Optional.empty(), channel) : channelPolicy;
    }

    /** A request under the channel's default policy. */
    public DiscoveryRequest(String query, Set<String> permissionedNames, String executionMode, Integer requestedLimit,
                            List<String> history, List<String> forcedNames, List<String> preferredNames,
                            List<String> protectedNames, DiscoveryChannel channel, String capabilityHint) {
        this(query, permissionedNames, executionMode, requestedLimit, history, forcedNames, preferredNames,
                protectedNames, channel, capabilityHint, null);
    }
}
