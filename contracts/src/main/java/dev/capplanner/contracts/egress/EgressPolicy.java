package dev.capplanner.contracts.egress;

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
 * (cloud metadata), private, unique-local, carrier-grade NAT, multicast or unspecified, nor IPv6
 * forms that carry such an IPv4 address (mapped, compatible, NAT64, 6to4) or tunnel to anywhere
 * (Teredo). A credential goes over https only, unless private addresses are allowed (a local
 * stack's loopback). Deny by default: with no allowed host, nothing registered is reached. The
 * executor's configured targets are the operator's own and are not checked. Used by the executor
 * before it calls a registered target and by the snapshot service before it reads a source with
 * a credential.
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
        return refusal(url, false);
    }

    /**
     * Why calls may not go to the URL, or empty when they may. Blocking (resolves the host).
     *
     * @param credentialed whether the calls carry a credential (then https only, but on a local stack)
     */
    public Optional<String> refusal(String url, boolean credentialed) {
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
        if (uri.getRawPath() != null && uri.getRawPath().startsWith("//")) {
            // A client resolving a path against the base would take "//host/..." as another host.
            return Optional.of("the target's URL path starts with //");
        }
        if (credentialed && scheme.equals("http") && !privateAddressesAllowed) {
            return Optional.of("a credential is sent over https only");
        }
        String host = uri.getHost() == null ? null : uri.getHost().toLowerCase(Locale.ROOT);
        if (host == null || host.isEmpty()) {
            return Optional.of("the target's URL names no host");
        }
        if (!allowed(host)) {
            return Optional.of("host " + host + " is not on the egress allowlist");
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

    public static boolean isPublic(InetAddress address) {
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
            boolean teredo = first == 0x20 && bytes[1] == 0x01 && bytes[2] == 0 && bytes[3] == 0;
            if (uniqueLocal || teredo) {
                return false;
            }
            if (isIpv4Mapped(bytes) || zeros(bytes, 0, 12) || isNat64(bytes)) {
                return isPublic(ipv4(bytes, 12));
            }
            if (first == 0x20 && bytes[1] == 0x02) {
                return isPublic(ipv4(bytes, 2)); // 6to4: 2002:AABB:CCDD::/48 carries AA.BB.CC.DD
            }
            return true;
        }
        return false;
    }

    private static boolean isNat64(byte[] bytes) {
        return (bytes[0] & 0xff) == 0x00 && (bytes[1] & 0xff) == 0x64 && (bytes[2] & 0xff) == 0xff
                && (bytes[3] & 0xff) == 0x9b && zeros(bytes, 4, 12);
    }

    private static boolean zeros(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return true;
    }

    private static InetAddress ipv4(byte[] bytes, int at) {
        try {
            return InetAddress.getByAddress(new byte[] {bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]});
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
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
