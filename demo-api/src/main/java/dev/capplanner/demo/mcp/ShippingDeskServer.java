package dev.capplanner.demo.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.demo.data.DemoData;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;

/**
 * The demo's MCP server, "Shipping Desk", built with the official MCP Java SDK and served over
 * streamable HTTP at {@code /mcp}. Two annotated reads ({@code track_shipment}, with an output schema
 * that declares its collection, and {@code lookup_customer}, without one), one write ({@code reroute_shipment}) and one tool without
 * annotations ({@code shipping_label_preview}: by the MCP specification's defaults not read-only),
 * so a registry importing it sees all three cases. Nothing here changes data.
 */
final class ShippingDeskServer {

    static final String ENDPOINT = "/mcp";

    private final HttpServletStreamableServerTransportProvider transport;
    private final McpSyncServer server;

    ShippingDeskServer(DemoData data) {
        JacksonMcpJsonMapper json = new JacksonMcpJsonMapper(new ObjectMapper());
        this.transport = HttpServletStreamableServerTransportProvider.builder().jsonMapper(json).mcpEndpoint(ENDPOINT)
                .build();
        Shipments shipments = new Shipments(data);
        this.server = McpServer.sync(transport)
                .serverInfo("Shipping Desk", "1.0.0")
                .instructions("Parcel tracking for the demo support desk.")
                .capabilities(McpSchema.ServerCapabilities.builder().tools(true).build())
                .tools(List.of(trackShipment(shipments), lookupCustomer(data), rerouteShipment(), labelPreview()))
                .build();
    }

    HttpServletStreamableServerTransportProvider transport() {
        return transport;
    }

    void close() {
        server.closeGracefully();
    }

    private static SyncToolSpecification trackShipment(Shipments shipments) {
        McpSchema.Tool tool = McpSchema.Tool.builder().name("track_shipment").title("Track the parcel of an order")
                .description("Where the parcel of one order is: carrier, parcel status and tracking events,"
                        + " newest last. Takes the order id.")
                .inputSchema(Map.of("type", "object", "additionalProperties", false,
                        "required", List.of("orderId", "tenant"),
                        "properties", Map.of("orderId", Map.of("type", "string", "pattern", "^O-[0-9]{4}$",
                                        "description", "The order id, e.g. O-5002"),
                                "tenant", Map.of("type", "string", "pattern", "^[a-z0-9-]{1,64}$",
                                        "description", "The tenant whose order it is; bound by the caller from its"
                                                + " trusted run context."))))
                .outputSchema(Map.of("type", "object", "properties", Map.of(
                        "orderId", Map.of("type", "string"),
                        "carrier", Map.of("type", "string"),
                        "parcelStatus", Map.of("type", "string"),
                        "events", Map.of("type", "array", "items", Map.of("type", "object", "properties", Map.of(
                                "date", Map.of("type", "string"), "location", Map.of("type", "string"),
                                "status", Map.of("type", "string")))))))
                .annotations(McpSchema.ToolAnnotations.builder().readOnlyHint(true).destructiveHint(false)
                        .idempotentHint(true).openWorldHint(false).build())
                .build();
        return SyncToolSpecification.builder().tool(tool).callHandler((exchange, request) -> {
            Object orderId = request.arguments() == null ? null : request.arguments().get("orderId");
            Object tenant = request.arguments() == null ? null : request.arguments().get("tenant");
            return shipments.tracking(String.valueOf(tenant), String.valueOf(orderId))
                    .map(shipment -> McpSchema.CallToolResult.builder().structuredContent(shipment)
                            .addTextContent("Parcel of " + orderId + ": " + shipment.get("parcelStatus")).build())
                    .orElseGet(() -> McpSchema.CallToolResult.builder().isError(true)
                            .addTextContent("no order " + orderId).build());
        }).build();
    }

    /**
     * A read without an output schema (many MCP tools declare none): what it returns is known only once
     * it has been called, so a planner must call it first and plan on from what came back.
     */
    private static SyncToolSpecification lookupCustomer(DemoData data) {
        McpSchema.Tool tool = McpSchema.Tool.builder().name("lookup_customer").title("Look up a customer by e-mail")
                .description("The customer account an e-mail address belongs to.")
                .inputSchema(Map.of("type", "object", "additionalProperties", false,
                        "required", List.of("email", "tenant"),
                        "properties", Map.of("email", Map.of("type", "string", "format", "email",
                                        "description", "The customer's e-mail address"),
                                "tenant", Map.of("type", "string", "pattern", "^[a-z0-9-]{1,64}$",
                                        "description", "The tenant whose customer it is; bound by the caller from its"
                                                + " trusted run context."))))
                .annotations(McpSchema.ToolAnnotations.builder().readOnlyHint(true).destructiveHint(false)
                        .idempotentHint(true).openWorldHint(false).build())
                .build();
        return SyncToolSpecification.builder().tool(tool).callHandler((exchange, request) -> {
            Object email = request.arguments() == null ? null : request.arguments().get("email");
            Object tenant = request.arguments() == null ? null : request.arguments().get("tenant");
            return data.customerWithEmail(String.valueOf(tenant), String.valueOf(email))
                    .map(customer -> McpSchema.CallToolResult.builder().structuredContent(customer)
                            .addTextContent("Customer " + customer.get("id")).build())
                    .orElseGet(() -> McpSchema.CallToolResult.builder().isError(true)
                            .addTextContent("no customer with that e-mail").build());
        }).build();
    }

    private static SyncToolSpecification rerouteShipment() {
        McpSchema.Tool tool = McpSchema.Tool.builder().name("reroute_shipment")
                .description("Send an order's parcel to another address.")
                .inputSchema(Map.of("type", "object", "required", List.of("orderId", "address"),
                        "properties", Map.of("orderId", Map.of("type", "string"), "address", Map.of("type", "string"))))
                .annotations(McpSchema.ToolAnnotations.builder().readOnlyHint(false).destructiveHint(false).build())
                .build();
        return SyncToolSpecification.builder().tool(tool).callHandler((exchange, request) ->
                McpSchema.CallToolResult.builder().isError(true).addTextContent("the demo changes nothing").build())
                .build();
    }

    private static SyncToolSpecification labelPreview() {
        McpSchema.Tool tool = McpSchema.Tool.builder().name("shipping_label_preview")
                .description("Preview the shipping label of an order.")
                .inputSchema(Map.of("type", "object", "properties", Map.of("orderId", Map.of("type", "string"))))
                .build();
        return SyncToolSpecification.builder().tool(tool).callHandler((exchange, request) ->
                McpSchema.CallToolResult.builder().addTextContent("{}").build()).build();
    }
}
