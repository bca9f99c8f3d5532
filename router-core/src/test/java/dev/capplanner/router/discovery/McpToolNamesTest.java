package dev.capplanner.router.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class McpToolNamesTest {

    /** What the MCP specification (2025-11-25, "Tool names") allows. */
    private static final Pattern ALLOWED = Pattern.compile("^[A-Za-z0-9_.-]{1,128}$");

    @Test
    void aRegistryNameIsShownAsItsConnectionAndSourceName() {
        assertThat(McpToolNames.of(List.of("api:demo-api/orders.list", "mcp:shipping-desk/track_shipment")))
                .containsExactly(Map.entry("api:demo-api/orders.list", "demo-api.orders.list"),
                        Map.entry("mcp:shipping-desk/track_shipment", "shipping-desk.track_shipment"));
    }

    @Test
    void everyNameIsAllowedAndDistinctWhateverTheRegistryHolds() {
        List<String> hostile = List.of("api:x/a b", "api:x/a:b", "api:x/a_b", "mcp:x/a_b", "", ":", "api:x/ünïcode",
                "api:x/" + "n".repeat(300), "api:x/" + "n".repeat(301), "plain name", "api:x/a\u0000b",
                "x.a_b-" + "0".repeat(8));

        Map<String, String> names = McpToolNames.of(hostile);

        assertThat(names).hasSize(hostile.size());
        assertThat(names.values()).allMatch(name -> ALLOWED.matcher(name).matches()).doesNotHaveDuplicates();
    }

    @Test
    void namesThatWouldCollideAreToldApartByTheirRegistryNameAndStayTheSame() {
        Map<String, String> first = McpToolNames.of(List.of("api:x/a_b", "mcp:x/a_b"));
        Map<String, String> again = McpToolNames.of(List.of("mcp:x/a_b", "api:x/a_b", "api:y/other"));

        assertThat(first.values()).allMatch(name -> name.startsWith("x.a_b-")).doesNotHaveDuplicates();
        assertThat(again.get("api:x/a_b")).isEqualTo(first.get("api:x/a_b"));
        assertThat(again.get("mcp:x/a_b")).isEqualTo(first.get("mcp:x/a_b"));
        assertThat(again.get("api:y/other")).isEqualTo("y.other");
    }

    @Test
    void aSourceNamingItsToolAfterAnothersHashedNameTakesNoOnesPlace() {
        Map<String, String> pair = McpToolNames.of(List.of("api:c/x", "mcp:c/x"));
        String hashedName = pair.get("api:c/x");
        String lookAlike = "api:c/" + hashedName.substring("c.".length());
        Map<String, String> withLookAlike = McpToolNames.of(List.of("api:c/x", "mcp:c/x", lookAlike));
        String chained = "api:c/" + withLookAlike.get(lookAlike).substring("c.".length());

        Map<String, String> names = McpToolNames.of(List.of("api:c/x", "mcp:c/x", lookAlike, chained));

        assertThat(names.values()).doesNotHaveDuplicates().allMatch(name -> ALLOWED.matcher(name).matches());
        assertThat(names).hasSize(4);
    }
}
