package dev.capplanner.router.discovery;

import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

/**
 * What one channel of one tenant may be offered, on top of what the principal is permitted: an
 * allowlist (when present, nothing outside it) and a denylist. A policy only ever narrows; the
 * permitted set always comes from the registry.
 *
 * @param allowlist the only names the channel may offer; empty Optional when the channel is not restricted
 * @param denylist  names the channel never offers
 */
public record ChannelPolicy(Optional<Set<String>> allowlist, Set<String> denylist) {

    /** No restriction beyond the principal's permissions. */
    public static final ChannelPolicy OPEN = new ChannelPolicy(Optional.empty(), Set.of());

    /** Nothing at all: a channel that needs an allowlist and has none. */
    public static final ChannelPolicy CLOSED = new ChannelPolicy(Optional.of(Set.of()), Set.of());

    public ChannelPolicy {
        allowlist = allowlist.map(Set::copyOf);
        denylist = Set.copyOf(denylist);
    }

    /** The tenant's configured policy, or the channel's default when the tenant configured none. */
    public static ChannelPolicy orDefault(Optional<ChannelPolicy> configured, DiscoveryChannel channel) {
        return configured.orElse(channel.needsAllowlist() ? CLOSED : OPEN);
    }

    public boolean admits(String name) {
        return allowlist.map(names -> names.contains(name)).orElse(true) && !denylist.contains(name);
    }

    /** This policy, further narrowed to {@code names} (a subagent's own allowlist); never widened. */
    public ChannelPolicy narrowedTo(Set<String> names) {
        Set<String> narrowed = new LinkedHashSet<>(names);
        allowlist.ifPresent(narrowed::retainAll);
        return new ChannelPolicy(Optional.of(narrowed), denylist);
    }
}
