package dev.capplanner.demo;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The demo's own MCP server, spoken to with the MCP Java SDK's client over streamable HTTP. */
@QuarkusTest
class ShippingDeskMcpTest {

    @TestHTTPResource("/")
    URL base;

    @Test
    void listsOneAnnotatedReadOneWriteAndOneUnannotatedTool() {
        try (McpSyncClient client = client()) {
            assertThat(client.initialize().serverInfo().name()).isEqualTo("Shipping Desk");
            List<McpSchema.Tool> tools = client.listTools().tools();
            assertThat(tools).extracting(McpSchema.Tool::name)
                    .containsExactly("track_shipment", "lookup_customer", "reroute_shipment", "shipping_label_preview");
            assertThat(tools.get(0).annotations().readOnlyHint()).isTrue();
            assertThat(tools.get(0).outputSchema()).containsKey("properties");
            assertThat(tools.get(1).annotations().readOnlyHint()).isTrue();
            assertThat(tools.get(1).outputSchema()).as("what it returns is seen only once called").isNull();
            assertThat(tools.get(2).annotations().readOnlyHint()).isFalse();
            assertThat(tools.get(3).annotations()).isNull();
        }
    }

    @Test
    void tracksTheParcelOfAnOrderAndReportsAnUnknownOrderAsAToolError() {
        try (McpSyncClient client = client()) {
            client.initialize();
            McpSchema.CallToolResult shipped = client.callTool(new McpSchema.CallToolRequest("track_shipment",
                    Map.of("orderId", "O-5002", "tenant", "acme")));
            assertThat(shipped.isError()).isNotEqualTo(Boolean.TRUE);
            assertThat(shipped.structuredContent()).isInstanceOfSatisfying(Map.class, parcel -> {
                assertThat(parcel.get("parcelStatus")).isEqualTo("in transit");
                assertThat((List<?>) parcel.get("events")).hasSize(2);
            });
            McpSchema.CallToolResult unknown = client.callTool(new McpSchema.CallToolRequest("track_shipment",
                    Map.of("orderId", "O-0000", "tenant", "acme")));
            assertThat(unknown.isError()).isTrue();
            McpSchema.CallToolResult othersOrder = client.callTool(new McpSchema.CallToolRequest("track_shipment",
                    Map.of("orderId", "O-6001", "tenant", "acme")));
            assertThat(othersOrder.isError()).as("another tenant's order does not exist for acme").isTrue();
        }
    }

    @Test
    void looksUpACustomerByEmailWithinTheTenantOnly() {
        try (McpSyncClient client = client()) {
            client.initialize();
            McpSchema.CallToolResult found = client.callTool(new McpSchema.CallToolRequest("lookup_customer",
                    Map.of("email", "Anna.Conti@example.com", "tenant", "acme")));
            assertThat(found.structuredContent()).isInstanceOfSatisfying(Map.class, customer ->
                    assertThat(customer.get("id")).isEqualTo("C-1005"));
            McpSchema.CallToolResult elsewhere = client.callTool(new McpSchema.CallToolRequest("lookup_customer",
                    Map.of("email", "anna.conti@example.com", "tenant", "globex")));
            assertThat(elsewhere.isError()).isTrue();
        }
    }

    private McpSyncClient client() {
        String root = base.toString().replaceAll("/$", "");
        return McpClient.sync(HttpClientStreamableHttpTransport.builder(root).endpoint("/mcp")
                        .jsonMapper(new JacksonMcpJsonMapper(new ObjectMapper())).build())
                .requestTimeout(Duration.ofSeconds(10)).build();
    }
}
