package dev.capplanner.executor.targets;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which hosts a registry-named target may send calls to: only hosts the operator allows (exact
 * names, or {@code *.example.com} for its subdomains), and, unless the operator allows private
 * addresses (a local stack), only hosts whose every address is public: never loopback, link-local
 * (cloud metadata), private, unique-local, carrier-grade NAT, multicast or unspecified. Deny by
 * default: with no allowed host, no registry-named target is called. The executor's configured
 * targets are the operator's own and are not checked.
 */
public final class EgressPolicy {

    /** How a host name becomes addresses ({@link InetAddress#getAllByName}; blocking). */
    @FunctionalInterface
    public interface Resolver {
        InetAddress[] addresses(String host) throws UnknownHostException;
    }

    private final Set<String> allowedHosts;
    private final boolean privateAddressesAllowed;
    private final Resolver resolver;

    public EgressPolicy(List<String> allowedHosts, boolean privateAddressesAllowed, Resolver resolver) {
        this.allowedHosts = allowedHosts.stream().map(host -> host.strip().toLowerCase(Locale.ROOT))
                .filter(host -> !host.isEmpty()).collect(Collectors.toUnmodifiableSet());
        this.privateAddressesAllowed = privateAddressesAllowed;
        this.resolver = resolver;
    }

    /** Why calls may not go to the URL, or empty when they may. Blocking (resolves the host). */
    public Optional<String> refusal(String url) {
        URI uri;
        try {
            uri = URI.create(url);
        } catch (IllegalArgumentException e) {
            return Optional.of("the target's URL is not a URL");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            return Optional.of("the target's URL is not http(s)");
        }
        if (uri.getRawUserInfo() != null) {
            return Optional.of("the target's URL carries user info");
        }
        String host = uri.getHost() == null ? null : uri.getHost().toLowerCase(Locale.ROOT);
        if (host == null || host.isEmpty()) {
            return Optional.of("the target's URL names no host");
        }
        if (!allowed(host)) {
            return Optional.of("host " + host + " is not on the executor's egress allowlist");
        }
        if (privateAddressesAllowed) {
            return Optional.empty();
        }
        InetAddress[] addresses;
        try {
            addresses = resolver.addresses(host.startsWith("[") ? host.substring(1, host.length() - 1) : host);
        } catch (UnknownHostException e) {
            return Optional.of("host " + host + " does not resolve");
        }
        for (InetAddress address : addresses) {
            if (!isPublic(address)) {
                return Optional.of("host " + host + " resolves to a non-public address");
            }
        }
        return addresses.length == 0 ? Optional.of("host " + host + " does not resolve") : Optional.empty();
    }

    private boolean allowed(String host) {
        if (allowedHosts.contains(host)) {
            return true;
        }
        return allowedHosts.stream().filter(pattern -> pattern.startsWith("*."))
                .anyMatch(pattern -> host.endsWith(pattern.substring(1)) && host.length() > pattern.length() - 1);
    }

    static boolean isPublic(InetAddress address) {
        if (address.isLoopbackAddress() || address.isLinkLocalAddress() || address.isSiteLocalAddress()
                || address.isAnyLocalAddress() || address.isMulticastAddress()) {
            return false;
        }
        byte[] bytes = address.getAddress();
        if (address instanceof Inet4Address) {
            int first = bytes[0] & 0xff;
            int second = bytes[1] & 0xff;
            boolean carrierGradeNat = first == 100 && second >= 64 && second <= 127;
            boolean reserved = first == 0 || first >= 240 || (first == 192 && second == 0 && (bytes[2] & 0xff) == 0)
                    || (first == 198 && (second == 18 || second == 19));
            return !carrierGradeNat && !reserved;
        }
        if (address instanceof Inet6Address) {
            int first = bytes[0] & 0xff;
            boolean uniqueLocal = (first & 0xfe) == 0xfc;
            boolean ipv4Mapped = isIpv4Mapped(bytes);
            if (ipv4Mapped) {
                try {
                    return isPublic(InetAddress.getByAddress(new byte[] {bytes[12], bytes[13], bytes[14], bytes[15]}));
                } catch (UnknownHostException e) {
                    return false;
                }
            }
            return !uniqueLocal;
        }
        return false;
    }

    private static boolean isIpv4Mapped(byte[] bytes) {
        for (int i = 0; i < 10; i++) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return (bytes[10] & 0xff) == 0xff && (bytes[11] & 0xff) == 0xff;
    }
}
