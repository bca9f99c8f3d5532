package dev.capplanner.snapshot.building;

import dev.capplanner.contracts.events.InputSource;
import dev.capplanner.contracts.inputschema.InputSchema;
import dev.capplanner.importing.inference.IdentifierFeeds;
import dev.capplanner.importing.inference.OutputShape;
import dev.capplanner.snapshot.catalog.CatalogEntry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Relationships between capabilities of different connections of one snapshot (rule "cross-source
 * relationships"): an identifier input of one source ({@code shipment_id} of an MCP tool) fed by a
 * declared output path of another ({@code shipmentId} of an API's order detail, or the {@code id} of
 * its shipment records), by the same name rules the import applies within one source. Only the
 * snapshot's own capabilities are looked at, so a relationship never names one the audience cannot
 * see; an input already declared, or bound from the run context, is left alone. An input takes at
 * most {@value #MAX_FEEDERS} feeders, the first by name, so a catalog of many look-alike sources
 * cannot multiply relationships (and snapshot size) by its own size, and the choice does not
 * depend on registration order. Indexed by field name, so the cost grows with the number of inputs
 * and output paths, not their product.
 */
final class CrossSourceRelationships {

    static final int MAX_FEEDERS = 4;
    private static final java.util.Comparator<Provided> BY_NAME = java.util.Comparator
            .comparing((Provided p) -> p.entry().name()).thenComparing(Provided::path);

    private CrossSourceRelationships() {
    }

    /** The relationships to add, by consumer name, in the order of the entries and their output paths. */
    static Map<String, List<InputSource>> infer(List<CatalogEntry> entries) {
        Map<String, List<Provided>> byField = new HashMap<>();
        for (CatalogEntry provider : entries) {
            for (String path : provider.outputPaths()) {
                String leaf = IdentifierFeeds.leaf(path);
                String key = leaf.equals("id") ? IdentifierFeeds.normalized(provider.entity()) + "id"
                        : IdentifierFeeds.normalized(leaf);
                byField.computeIfAbsent(key, k -> new ArrayList<>()).add(new Provided(provider, path, leaf));
            }
        }
        byField.values().forEach(providers -> providers.sort(BY_NAME));
        Map<String, List<InputSource>> added = new LinkedHashMap<>();
        for (CatalogEntry consumer : entries) {
            Set<String> declared = consumer.inputsFrom().stream().map(InputSource::input).collect(Collectors.toSet());
            for (String input : unboundProperties(consumer)) {
                if (!OutputShape.isIdentifier(input) || declared.contains(input)) {
                    continue;
                }
                int feeders = 0;
                for (Provided provided : byField.getOrDefault(IdentifierFeeds.normalized(input), List.of())) {
                    CatalogEntry provider = provided.entry();
                    if (feeders < MAX_FEEDERS && !provider.connection().equals(consumer.connection())
                            && IdentifierFeeds.feeds(provided.leaf(), input, provider.entity(), consumer.entity())) {
                        added.computeIfAbsent(consumer.name(), name -> new ArrayList<>())
                                .add(new InputSource(input, provider.name(), provided.path()));
                        feeders++;
                    }
                }
            }
        }
        return added;
    }

    private static List<String> unboundProperties(CatalogEntry entry) {
        return InputSchema.of(entry.inputSchema()).parameters().stream().filter(parameter -> !parameter.bound())
                .map(InputSchema.Parameter::name).toList();
    }

    private record Provided(CatalogEntry entry, String path, String leaf) {
    }
}
