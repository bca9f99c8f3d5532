package dev.capplanner.router.discovery;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Each tenant's discovery channel policies (rule "discovery channels"); a channel the tenant did not
 * configure gets the channel's default ({@link ChannelPolicy#orDefault}): open, or closed for the
 * channels that need an allowlist.
 */
public final class ChannelPolicies {

    public static final ChannelPolicies NONE = new ChannelPolicies(Map.of());

    private final Map<String, Map<DiscoveryChannel, ChannelPolicy>> byTenant;

    private ChannelPolicies(Map<String, Map<DiscoveryChannel, ChannelPolicy>> byTenant) {
        this.byTenant = byTenant;
    }

    /**
     * @param configured policies by tenant, then by channel wire name
     * @throws IllegalArgumentException when a channel name is not a channel
     */
    public static ChannelPolicies of(Map<String, Map<String, ChannelPolicy>> configured) {
        Map<String, Map<DiscoveryChannel, ChannelPolicy>> byTenant = new HashMap<>();
        configured.forEach((tenant, channels) -> {
            Map<DiscoveryChannel, ChannelPolicy> policies = new HashMap<>();
            channels.forEach((channel, policy) -> policies.put(DiscoveryChannel.parse(channel), policy));
            byTenant.put(tenant, Map.copyOf(policies));
        });
        return new ChannelPolicies(Map.copyOf(byTenant));
    }

    public ChannelPolicy policyFor(String tenant, DiscoveryChannel channel) {
        return ChannelPolicy.orDefault(Optional.ofNullable(byTenant.getOrDefault(tenant, Map.of()).get(channel)), channel);
    }
}
