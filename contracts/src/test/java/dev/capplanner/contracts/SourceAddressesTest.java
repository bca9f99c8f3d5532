package dev.capplanner.contracts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.capplanner.contracts.egress.Cidr;
import dev.capplanner.contracts.egress.SourceAddresses;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Rule "sources from public addresses": what a registration may make the registry read. */
class SourceAddressesTest {

    private static final Map<String, String> DNS = Map.of("docs.example.com", "93.184.216.34",
            "metadata.example.com", "169.254.169.254", "internal.example.com", "10.1.2.3",
            "mapped.example.com", "::ffff:127.0.0.1", "ula.example.com", "fd12::1");

    private static SourceAddresses addresses(String... networks) {
        return new SourceAddresses(SourceAddresses.networks(List.of(networks)), host -> {
            String address = DNS.getOrDefault(host, host);
            if (!address.matches("[0-9a-f:.]+")) {
                throw new UnknownHostException(host);
            }
            return new InetAddress[] {InetAddress.getByName(address)};
        });
    }

    @Test
    void aPublicHostIsReadAndEveryNonPublicOneIsRefusedByDefault() {
        SourceAddresses rule = addresses();
        assertThat(rule.refusal("https://docs.example.com/openapi.json")).isEmpty();
        for (String url : List.of("http://127.0.0.1:8080/openapi.json", "http://localhost.invalid/x",
                "http://metadata.example.com/latest/meta-data/", "http://169.254.169.254/", "http://internal.example.com/",
                "http://mapped.example.com/", "http://[::1]/", "http://ula.example.com/", "http://0.0.0.0/",
                "http://100.64.0.1/")) {
            assertThat(rule.refusal(url)).as(url).isPresent();
        }
        assertThat(rule.refusal("http://metadata.example.com/")).get().asString()
                .contains("169.254.169.254").contains("snapshot.sources.allowed-private-networks");
    }

    @Test
    void onlyHttpUrlsWithAHostAndNoUserInfoAreRead() {
        SourceAddresses rule = addresses();
        assertThat(rule.refusal("file:///etc/passwd")).isPresent();
        assertThat(rule.refusal("ftp://docs.example.com/x")).isPresent();
        assertThat(rule.refusal("https://user:pw@docs.example.com/x")).isPresent();
        assertThat(rule.refusal("https:///x")).isPresent();
        assertThat(rule.refusal("not a url")).isPresent();
    }

    @Test
    void anAllowedNetworkLetsItsAddressesInAndNoOthers() {
        SourceAddresses rule = addresses("127.0.0.0/8", "::1/128", "10.1.0.0/16");
        assertThat(rule.refusal("http://127.0.0.1:8080/openapi.json")).isEmpty();
        assertThat(rule.refusal("http://[::1]:8080/openapi.json")).isEmpty();
        assertThat(rule.refusal("http://internal.example.com/")).isEmpty();
        assertThat(rule.refusal("http://10.2.0.1/")).isPresent();
        assertThat(rule.refusal("http://169.254.169.254/")).isPresent();
        // An IPv4-mapped IPv6 address is its IPv4 address (Java reads it so): in the network as that one is.
        assertThat(rule.refusal("http://mapped.example.com/")).isEmpty();
        assertThat(addresses("10.1.0.0/16").refusal("http://mapped.example.com/")).isPresent();
    }

    @Test
    void networksAreParsedStrictly() {
        assertThat(Cidr.parse("10.0.0.0/8").contains(addressOf("10.255.1.1"))).isTrue();
        assertThat(Cidr.parse("10.0.0.0/8").contains(addressOf("11.0.0.1"))).isFalse();
        assertThat(Cidr.parse("172.16.0.0/12").contains(addressOf("172.31.255.255"))).isTrue();
        assertThat(Cidr.parse("172.16.0.0/12").contains(addressOf("172.32.0.0"))).isFalse();
        assertThat(Cidr.parse("fd00::/8").contains(addressOf("fd12::1"))).isTrue();
        assertThat(Cidr.parse("192.168.1.7").contains(addressOf("192.168.1.7"))).isTrue();
        assertThat(Cidr.parse("192.168.1.7").contains(addressOf("192.168.1.8"))).isFalse();
        assertThat(Cidr.parse("0.0.0.0/0").contains(addressOf("8.8.8.8"))).isTrue();
        for (String bad : List.of("10.0.0.0/33", "example.com/8", "10.0.0/8", "10.0.0.0/x", "", "::1/129")) {
            assertThatThrownBy(() -> Cidr.parse(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
    }

    private static InetAddress addressOf(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }
}
