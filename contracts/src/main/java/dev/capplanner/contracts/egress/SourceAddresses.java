package dev.capplanner.contracts.egress;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Where the registry may read a source a registration names (an OpenAPI document, a catalog, an
 * MCP server over HTTP), and every redirect on the way: http(s) only, no user info, and a host whose
 * every address is public (not loopback, link-local and so cloud metadata, private, unique-local,
 * carrier-grade NAT ..., see {@link EgressPolicy#isPublic}) unless the operator allows the network
 * it is in ({@code snapshot.sources.allowed-private-networks}). A registration cannot make the
 * registry read the cluster's or the cloud's internal endpoints for it.
 *
 * <p>The check resolves the host once, the client resolves it again to connect: a name that
 * changes its answer in between (DNS rebinding) is not caught here.
 */
public final class SourceAddresses {

    private final List<Cidr> allowedNetworks;
    private final EgressPolicy.Resolver resolver;

    public SourceAddresses(List<Cidr> allowedNetworks, EgressPolicy.Resolver resolver) {
        this.allowedNetworks = List.copyOf(allowedNetworks);
        this.resolver = resolver;
    }

    /** Parses the operator's comma-separated networks (empty: public addresses only). */
    public static List<Cidr> networks(List<String> cidrs) {
        return cidrs.stream().map(String::strip).filter(text -> !text.isEmpty()).map(Cidr::parse).toList();
    }

    /** Why the registry may not read the URL, or empty when it may. Blocking (resolves the host). */
    public Optional<String> refusal(String url) {
        URI uri;
        try {
            uri = URI.create(url);
        } catch (IllegalArgumentException e) {
            return Optional.of("the source's URL is not a URL");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            return Optional.of("the source's URL is not http(s)");
        }
        if (uri.getRawUserInfo() != null) {
            return Optional.of("the source's URL carries user info");
        }
        String host = uri.getHost() == null ? "" : uri.getHost().toLowerCase(Locale.ROOT);
        if (host.isEmpty()) {
            return Optional.of("the source's URL names no host");
        }
        InetAddress[] addresses;
        try {
            addresses = resolver.addresses(host.startsWith("[") ? host.substring(1, host.length() - 1) : host);
        } catch (UnknownHostException e) {
            return Optional.of("host " + host + " does not resolve");
        }
        if (addresses.length == 0) {
            return Optional.of("host " + host + " does not resolve");
        }
        for (InetAddress address : addresses) {
            if (!EgressPolicy.isPublic(address) && allowedNetworks.stream().noneMatch(network -> network.contains(address))) {
                return Optional.of("host " + host + " resolves to a non-public address (" + address.getHostAddress()
                        + ") outside snapshot.sources.allowed-private-networks");
            }
        }
        return Optional.empty();
    }
}
