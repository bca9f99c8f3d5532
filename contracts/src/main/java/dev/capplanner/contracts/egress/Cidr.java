package dev.capplanner.contracts.egress;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;

/** A network an operator names, {@code 10.0.0.0/8} or {@code fd00::/8}: an address and a prefix length. */
public final class Cidr {

    private final byte[] network;
    private final int prefixLength;

    private Cidr(byte[] network, int prefixLength) {
        this.network = network.clone();
        this.prefixLength = prefixLength;
    }

    /**
     * @throws IllegalArgumentException when the text is not an IPv4 or IPv6 literal with a prefix
     *                                  length (a host name is refused: it would be resolved)
     */
    public static Cidr parse(String text) {
        String trimmed = text.strip().toLowerCase(Locale.ROOT);
        int slash = trimmed.indexOf('/');
        String address = slash < 0 ? trimmed : trimmed.substring(0, slash);
        if (address.isEmpty() || !address.matches("[0-9a-f:.]+") || (!address.contains(":") && !address.matches(
                "\\d{1,3}(\\.\\d{1,3}){3}"))) {
            throw new IllegalArgumentException("not a network (address/prefix, e.g. 10.0.0.0/8 or fd00::/8): " + text);
        }
        byte[] bytes;
        try {
            bytes = InetAddress.getByName(address).getAddress();
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("not a network address: " + text);
        }
        int bits = bytes.length * 8;
        int prefix;
        try {
            prefix = slash < 0 ? bits : Integer.parseInt(trimmed.substring(slash + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a prefix length: " + text);
        }
        if (prefix < 0 || prefix > bits) {
            throw new IllegalArgumentException("prefix length out of 0.." + bits + ": " + text);
        }
        return new Cidr(bytes, prefix);
    }

    /** Whether the address is in this network (an IPv4-mapped IPv6 address is read as its IPv4 address). */
    public boolean contains(InetAddress address) {
        byte[] bytes = address.getAddress();
        if (bytes.length != network.length) {
            return false;
        }
        int full = prefixLength / 8;
        for (int i = 0; i < full; i++) {
            if (bytes[i] != network[i]) {
                return false;
            }
        }
        int rest = prefixLength % 8;
        if (rest == 0) {
            return true;
        }
        int mask = (0xff << (8 - rest)) & 0xff;
        return (bytes[full] & mask) == (network[full] & mask);
    }

    @Override
    public String toString() {
        try {
            return InetAddress.getByAddress(network).getHostAddress() + "/" + prefixLength;
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }
}
