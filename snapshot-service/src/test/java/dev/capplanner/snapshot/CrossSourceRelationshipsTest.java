package dev.capplanner.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.Endpoint;
import dev.capplanner.contracts.events.InputSource;
import dev.capplanner.snapshot.authorization.AccessPolicy;
import dev.capplanner.snapshot.authorization.Audience;
import dev.capplanner.snapshot.building.CapabilitySnapshot;
import dev.capplanner.snapshot.building.SnapshotBuilder;
import dev.capplanner.snapshot.catalog.Catalog;
import dev.capplanner.snapshot.catalog.CatalogEntry;
import dev.capplanner.snapshot.connection.Connection;
import dev.capplanner.snapshot.registry.RegistryState;
import dev.capplanner.snapshot.registry.RoleGrant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Rule "cross-source relationships": an MCP tool's identifier input is fed by an API's declared
 * output path in the same snapshot, by the import's name rules; never by a capability the audience
 * cannot see, never for an input bound from the run, never on top of a declared relationship.
 */
class CrossSourceRelationshipsTest {

    private static final Audience AGENT = new Audience("acme", "desk", List.of("agent"));
    private static final List<Connection> CONNECTIONS = List.of(new Connection("desk-api", "acme", "desk", "openapi", true),
            new Connection("shipping", "acme", "desk", "mcp", true));

    private final SnapshotBuilder builder = new SnapshotBuilder(new AccessPolicy());

    @Test
    void anMcpToolsInputIsFedByAnApisOutputsOfTheSameSnapshot() {
        CapabilitySnapshot snapshot = build(List.of("desk:read", "shipping:read"), orderDetail(), shipmentsList(),
                trackShipment(Map.of()));
        assertThat(inputsFrom(snapshot, "track_shipment")).containsExactly(
                new InputSource("shipment_id", "orders.detail", "shipmentId"),
                new InputSource("shipment_id", "shipments.list", "items[].id"));
        assertThat(inputsFrom(snapshot, "orders.detail")).as("orderId: no other source outputs it").isEmpty();
    }

    @Test
    void aFeederTheAudienceCannotSeeIsNeverNamed() {
        CapabilitySnapshot snapshot = build(List.of("shipping:read"), orderDetail(), shipmentsList(),
                trackShipment(Map.of()));
        assertThat(snapshot.capabilities()).extracting(Capability::name).containsExactly("track_shipment");
        assertThat(inputsFrom(snapshot, "track_shipment")).isEmpty();
    }

    @Test
    void anInputBoundFromTheRunIsNeverFedByAnotherTool() {
        CapabilitySnapshot snapshot = build(List.of("desk:read", "shipping:read"), orderDetail(), shipmentsList(),
                trackShipment(Map.of("x-capplanner-bind", "conversation")));
        assertThat(inputsFrom(snapshot, "track_shipment")).isEmpty();
    }

    @Test
    void aDeclaredRelationshipIsKeptAndNotDoubled() {
        CatalogEntry declared = withInputsFrom(trackShipment(Map.of()),
                List.of(new InputSource("shipment_id", "shipments.list", "items[].id")));
        CapabilitySnapshot snapshot = build(List.of("desk:read", "shipping:read"), orderDetail(), shipmentsList(), declared);
        assertThat(inputsFrom(snapshot, "track_shipment"))
                .containsExactly(new InputSource("shipment_id", "shipments.list", "items[].id"));
    }

    @Test
    void anInputTakesAtMostFourFeedersTheFirstByNameWhateverTheRegistrationOrder() {
        List<CatalogEntry> entries = new java.util.ArrayList<>();
        for (int i = 9; i >= 0; i--) {
            entries.add(entry("shipments.list-" + i, "desk-api", "api", "shipment", "list", "desk:read",
                    new Endpoint("desk-api", "GET", "/shipments"), Map.of(), List.of("items[].id")));
        }
        entries.add(trackShipment(Map.of()));
        CapabilitySnapshot snapshot = build(List.of("desk:read", "shipping:read"), entries.toArray(CatalogEntry[]::new));
        assertThat(inputsFrom(snapshot, "track_shipment")).extracting(InputSource::capability)
                .containsExactly("shipments.list-0", "shipments.list-1", "shipments.list-2", "shipments.list-3");
    }

    private CapabilitySnapshot build(List<String> permissions, CatalogEntry... entries) {
        List<RoleGrant> grants = permissions.stream().map(p -> new RoleGrant("acme", "agent", p)).toList();
        return builder.build(new RegistryState(1, CONNECTIONS, new Catalog(List.of(entries)), grants), AGENT);
    }

    private static List<InputSource> inputsFrom(CapabilitySnapshot snapshot, String name) {
        return snapshot.capabilities().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow().inputsFrom();
    }

    private static CatalogEntry orderDetail() {
        return entry("orders.detail", "desk-api", "api", "order", "detail", "desk:read",
                new Endpoint("desk-api", "GET", "/orders/{orderId}"), Map.of("orderId", Map.of("type", "string")),
                List.of("id", "shipmentId"));
    }

    private static CatalogEntry shipmentsList() {
        return entry("shipments.list", "desk-api", "api", "shipment", "list", "desk:read",
                new Endpoint("desk-api", "GET", "/shipments"), Map.of(), List.of("items[].id"));
    }

    private static CatalogEntry trackShipment(Map<String, Object> binding) {
        Map<String, Object> shipmentId = new java.util.HashMap<>(Map.of("type", "string"));
        shipmentId.putAll(binding);
        return entry("track_shipment", "shipping", "mcp", "shipment", "detail", "shipping:read",
                Endpoint.mcpTool("shipping", "track_shipment"), Map.of("shipment_id", shipmentId), List.of());
    }

    private static CatalogEntry entry(String name, String connection, String kind, String entity, String operation,
                                      String permission, Endpoint endpoint, Map<String, Object> properties,
                                      List<String> outputPaths) {
        return new CatalogEntry(name, connection, kind, kind + ":" + connection + "/" + entity, entity, operation,
                "About " + entity, List.of(), "read", "low", false, List.of(permission), null, endpoint,
                Map.of("type", "object", "properties", properties), null, null, outputPaths, List.of());
    }

    private static CatalogEntry withInputsFrom(CatalogEntry e, List<InputSource> inputsFrom) {
        return new CatalogEntry(e.name(), e.connection(), e.kind(), e.family(), e.entity(), e.operation(),
                e.description(), e.aliases(), e.sideEffect(), e.risk(), e.requiresConfirmation(),
                e.requiredPermissions(), e.publicAccess(), e.endpoint(), e.inputSchema(), e.outputCollectionPath(),
                e.reviewHold(), e.outputPaths(), inputsFrom);
    }
}
