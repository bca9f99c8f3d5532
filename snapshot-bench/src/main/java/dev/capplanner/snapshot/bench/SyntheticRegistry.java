package dev.capplanner.snapshot.bench;

import dev.capplanner.contracts.events.Endpoint;
import dev.capplanner.snapshot.catalog.Catalog;
import dev.capplanner.snapshot.catalog.CatalogEntry;
import dev.capplanner.snapshot.connection.Connection;
import dev.capplanner.snapshot.registry.RegistryState;
import dev.capplanner.snapshot.registry.RoleGrant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A registry shaped like a real one: the benchmarked project's capabilities spread over connections
 * of 500, one in ten of them mutative, each requiring one of five permissions (the principal's role
 * holds four), each taking one identifier and declaring two output identifier paths (so relationships
 * across connections are inferred); another tenant registers as many again, which the build must not
 * look at.
 */
final class SyntheticRegistry {

    static final String TENANT = "acme";
    static final String PROJECT = "desk";
    static final String ROLE = "agent";
    static final List<String> PERMISSIONS = List.of("orders:read", "customers:read", "billing:read", "stock:read",
            "audit:read");
    private static final List<String> ENTITIES = List.of("order", "customer", "invoice", "shipment", "ticket",
            "product", "payment", "refund");
    private static final List<String> OPERATIONS = List.of("search", "list", "detail", "aggregate");

    private SyntheticRegistry() {
    }

    static RegistryState generate(int capabilities, long seed) {
        Random random = new Random(seed);
        List<Connection> connections = new ArrayList<>();
        List<CatalogEntry> entries = new ArrayList<>();
        for (String tenant : List.of(TENANT, "globex")) {
            int connectionCount = (capabilities + 499) / 500;
            for (int c = 0; c < connectionCount; c++) {
                connections.add(new Connection(tenant + "-api-" + c, tenant, PROJECT, "openapi", true));
            }
            for (int i = 0; i < capabilities; i++) {
                entries.add(entry(random, i, tenant + "-api-" + (i / 500)));
            }
        }
        List<RoleGrant> grants = PERMISSIONS.subList(0, 4).stream().map(p -> new RoleGrant(TENANT, ROLE, p)).toList();
        return new RegistryState(1, connections, new Catalog(entries), grants);
    }

    private static CatalogEntry entry(Random random, int i, String connection) {
        String entity = ENTITIES.get(random.nextInt(ENTITIES.size()));
        String operation = OPERATIONS.get(random.nextInt(OPERATIONS.size()));
        String name = entity + "s." + operation + "-" + i;
        Map<String, Object> schema = Map.of("type", "object", "additionalProperties", false,
                "required", List.of(entity + "Id"),
                "properties", Map.of(entity + "Id", Map.of("type", "string", "pattern", "^[A-Z]-[0-9]{4}$"),
                        "limit", Map.of("type", "integer", "minimum", 1, "maximum", 100)));
        return new CatalogEntry(name, connection, "api", "api:" + entity + "s", entity, operation,
                operation + " " + entity + " records by id, with status, owner and the last change; variant " + i,
                List.of(entity + " " + operation), random.nextInt(10) == 0 ? "write" : "none", "low", false,
                List.of(PERMISSIONS.get(random.nextInt(PERMISSIONS.size()))), null,
                new Endpoint("api-" + (i / 500), "GET", "/" + entity + "s/{" + entity + "Id}"), schema, "items", null,
                List.of("items[].id", "items[]." + ENTITIES.get(random.nextInt(ENTITIES.size())) + "Id"), List.of());
    }
}
