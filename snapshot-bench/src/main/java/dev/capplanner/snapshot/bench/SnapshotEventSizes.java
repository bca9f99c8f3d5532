package dev.capplanner.snapshot.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.luben.zstd.Zstd;
import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.CapabilityIndexEntry;
import dev.capplanner.contracts.json.CanonicalJson;
import dev.capplanner.snapshot.authorization.AccessPolicy;
import dev.capplanner.snapshot.authorization.Audience;
import dev.capplanner.snapshot.building.SnapshotBuilder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * How big a {@code snapshot.built} record's compact index is, and the body served by hash, raw and
 * zstd-compressed as the services' producers send records: for synthetic registries of 1,000 /
 * 10,000 / 50,000 capabilities and, when given, a catalog in the dataset format (one capability per
 * line: {@code name}, {@code description}, ...). Run:
 * {@code java -cp snapshot-bench/target/snapshot-bench.jar dev.capplanner.snapshot.bench.SnapshotEventSizes [catalog.jsonl]}.
 */
public final class SnapshotEventSizes {

    private static final ObjectMapper JSON = new ObjectMapper();

    private SnapshotEventSizes() {
    }

    public static void main(String[] args) throws IOException {
        System.out.println("| Catalog | Capabilities | index JSON | index zstd | bytes per entry | body JSON | body zstd |");
        System.out.println("|---|---|---|---|---|---|---|");
        SnapshotBuilder builder = new SnapshotBuilder(new AccessPolicy());
        Audience principal = new Audience(SyntheticRegistry.TENANT, SyntheticRegistry.PROJECT,
                List.of(SyntheticRegistry.ROLE));
        for (int size : new int[] {1_000, 10_000, 50_000}) {
            row("synthetic " + size, builder.build(SyntheticRegistry.generate(size, 42), principal).capabilities());
        }
        if (args.length > 0) {
            row(Path.of(args[0]).getFileName().toString(), catalog(Path.of(args[0])));
        }
    }

    private static void row(String name, List<Capability> capabilities) throws IOException {
        List<CapabilityIndexEntry> index = capabilities.stream().map(CapabilityIndexEntry::of).toList();
        byte[] indexJson = JSON.writeValueAsBytes(Map.of("index", index));
        byte[] body = CanonicalJson.bytes(Map.of("capabilities", capabilities));
        System.out.printf("| %s | %,d | %,d B | %,d B | %.0f | %,d B | %,d B |%n", name, capabilities.size(),
                indexJson.length, Zstd.compress(indexJson).length, (double) indexJson.length / capabilities.size(),
                body.length, Zstd.compress(body).length);
    }

    /** A dataset catalog as capabilities; entity and operation are not in the format, so they are left generic. */
    private static List<Capability> catalog(Path file) throws IOException {
        List<Capability> capabilities = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode tool = JSON.readTree(line);
            @SuppressWarnings("unchecked")
            Map<String, Object> schema = tool.has("inputSchema") ? JSON.convertValue(tool.get("inputSchema"), Map.class)
                    : Map.of("type", "object");
            capabilities.add(new Capability(tool.path("name").asText(), "api", tool.path("source").asText("api:catalog"),
                    "item", "call", tool.path("description").asText(""), List.of(), true,
                    new dev.capplanner.contracts.events.Endpoint("catalog", "GET", "/"), schema, null));
        }
        return capabilities;
    }
}
