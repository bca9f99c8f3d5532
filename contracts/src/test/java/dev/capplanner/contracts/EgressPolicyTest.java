package dev.capplanner.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.egress.EgressPolicy;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A registry-named target is called only on an allowed host that resolves to public addresses only. */
class EgressPolicyTest {

    private static final Map<String, String> DNS = Map.ofEntries(
            Map.entry("api.acme.example", "93.184.216.34"),
            Map.entry("eu.api.acme.example", "93.184.216.35"),
            Map.entry("metadata.acme.example", "169.254.169.254"),
            Map.entry("intranet.acme.example", "10.1.2.3"),
            Map.entry("loop.acme.example", "127.0.0.1"),
            Map.entry("cgnat.acme.example", "100.64.0.7"),
            Map.entry("ula.acme.example", "fd00::1"),
            Map.entry("mapped.acme.example", "::ffff:127.0.0.1"),
            Map.entry("nat64.acme.example", "64:ff9b::a9fe:a9fe"),
            Map.entry("sixtofour.acme.example", "2002:0a01:0203::1"),
            Map.entry("teredo.acme.example", "2001:0:4136:e378::1"),
            Map.entry("compatible.acme.example", "::a01:203"),
            Map.entry("v6.acme.example", "2606:4700::1111"));

    private static InetAddress[] resolve(String host) throws UnknownHostException {
        String address = DNS.get(host);
        if (address == null) {
            throw new UnknownHostException(host);
        }
        return new InetAddress[] {InetAddress.getByName(address)};
    }

    private static EgressPolicy policy(List<String> allowed, boolean privateAllowed) {
        return new EgressPolicy(allowed, privateAllowed, EgressPolicyTest::resolve);
    }

    @Test
    void withoutAnAllowedHostNothingIsCalled() {
        assertThat(policy(List.of(), false).refusal("https://api.acme.example/v1"))
                .hasValue("host api.acme.example is not on the egress allowlist");
    }

    @Test
    void anAllowedHostWithPublicAddressesIsCalled() {
        EgressPolicy policy = policy(List.of("api.acme.example", "*.api.acme.example"), false);
        assertThat(policy.refusal("https://api.acme.example/v1")).isEmpty();
        assertThat(policy.refusal("https://eu.api.acme.example/v1")).as("a subdomain by wildcard").isEmpty();
        assertThat(policy.refusal("https://evil.example/v1")).isPresent();
        assertThat(policy.refusal("https://api.acme.example.evil.example/")).isPresent();
    }

    @Test
    void anAllowedNameThatResolvesInsideIsRefused() {
        List<String> hosts = List.of("metadata.acme.example", "intranet.acme.example", "loop.acme.example",
                "cgnat.acme.example", "ula.acme.example", "mapped.acme.example", "nat64.acme.example",
                "sixtofour.acme.example", "teredo.acme.example", "compatible.acme.example", "127.0.0.1", "[::1]",
                "0.0.0.0");
        EgressPolicy policy = policy(hosts, false);
        for (String host : hosts) {
            assertThat(policy.refusal("http://" + host + "/")).as(host).isPresent();
        }
    }

    @Test
    void aPublicIpv6HostIsCalled() {
        assertThat(policy(List.of("v6.acme.example"), false).refusal("https://v6.acme.example/")).isEmpty();
    }

    @Test
    void aCredentialGoesOverHttpsOnlyAndAPathCannotNameAnotherHost() {
        EgressPolicy policy = policy(List.of("api.acme.example"), false);
        assertThat(policy.refusal("http://api.acme.example/v1", true)).hasValue("a credential is sent over https only");
        assertThat(policy.refusal("https://api.acme.example/v1", true)).isEmpty();
        assertThat(policy.refusal("http://api.acme.example/v1", false)).isEmpty();
        assertThat(policy.refusal("https://api.acme.example//evil.example/mcp"))
                .hasValue("the target's URL path starts with //");
        assertThat(policy(List.of("127.0.0.1"), true).refusal("http://127.0.0.1:9000/", true))
                .as("a local stack's loopback").isEmpty();
    }

    @Test
    void aLocalStackMayAllowPrivateAddressesOfAllowedHostsOnly() {
        EgressPolicy policy = policy(List.of("127.0.0.1"), true);
        assertThat(policy.refusal("http://127.0.0.1:8090/")).isEmpty();
        assertThat(policy.refusal("http://10.1.2.3/")).isPresent();
    }

    @Test
    void aUrlThatIsNotPlainHttpIsRefused() {
        EgressPolicy policy = policy(List.of("api.acme.example"), false);
        assertThat(policy.refusal("file:///etc/passwd")).isPresent();
        assertThat(policy.refusal("https://user:pw@api.acme.example/")).hasValue("the target's URL carries user info");
        assertThat(policy.refusal("https://unknown.acme.example/")).isPresent();
    }
}
