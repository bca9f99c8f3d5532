package dev.capplanner.importing.inference;

import dev.capplanner.importing.model.ImportedCapability;
import dev.capplanner.importing.model.Relationship;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which reads can feed which reads' identifier inputs: the own identifier of a record about the
 * entity the input names ({@code items[].id} of customers.search feeds {@code customerId}); over
 * HTTP, the list the path parameter belongs to ({@link ResourceHierarchy}); and another read's
 * field of the same name ({@code invoiceId} of an order feeds invoices.detail). Fields of the same
 * name are bounded per input ({@value #MAX_SAME_NAME}, single records before collections, then by
 * name): a back-reference every record carries ({@code workspace_sid} on each of a workspace's
 * workers, tasks and queues) would otherwise make every read a provider of every input. Writes are
 * left out: they never enter a snapshot, so nothing can be planned with them. Each relationship
 * says why.
 */
public final class RelationshipInference {

    /** Providers of one input by a field of the same name, at most. */
    static final int MAX_SAME_NAME = 8;

    private enum Evidence { OWN_IDENTIFIER, HIERARCHY, SAME_NAME }

    public List<Relationship> infer(List<ImportedCapability> capabilities) {
        List<ImportedCapability> reads = capabilities.stream().filter(ImportedCapability::readOnly).toList();
        // Each provider's paths once, not once per consumer input: a large document has thousands of pairs.
        Map<ImportedCapability, List<String>> pathsOf = new java.util.IdentityHashMap<>();
        reads.forEach(read -> pathsOf.put(read, OutputShape.of(read.outputSchema()).identifierPaths()));
        Map<String, Map<Evidence, List<Relationship>>> byInput = new LinkedHashMap<>();
        List<Relationship> discovered = new ArrayList<>();
        for (ImportedCapability consumer : reads) {
            for (Iterator<String> inputs = consumer.inputSchema().path("properties").fieldNames(); inputs.hasNext(); ) {
                String input = inputs.next();
                if (!OutputShape.isIdentifier(input)) {
                    continue;
                }
                for (ImportedCapability provider : reads) {
                    if (provider == consumer) {
                        continue;
                    }
                    for (String path : pathsOf.get(provider)) {
                        String field = IdentifierFeeds.leaf(path);
                        String because = IdentifierFeeds.because(field, input, provider.entity(), consumer.entity());
                        if (because != null) {
                            Evidence evidence = OutputShape.OWN_IDENTIFIERS.contains(field) ? Evidence.OWN_IDENTIFIER
                                    : Evidence.SAME_NAME;
                            Relationship relationship = new Relationship(consumer.id(), input, provider.id(), path, because);
                            discovered.add(relationship);
                            add(byInput, relationship, evidence);
                        }
                    }
                }
            }
        }
        for (Relationship relationship : new ResourceHierarchy().infer(reads)) {
            discovered.add(relationship);
            add(byInput, relationship, Evidence.HIERARCHY);
        }
        java.util.Set<Relationship> kept = new java.util.HashSet<>();
        byInput.values().forEach(found -> found.forEach((evidence, each) -> kept.addAll(
                evidence != Evidence.SAME_NAME || each.size() <= MAX_SAME_NAME ? each
                        : each.stream().sorted(java.util.Comparator.comparing((Relationship r) -> r.outputPath().contains("[]"))
                                .thenComparing(Relationship::provider)).limit(MAX_SAME_NAME).toList())));
        // In the order found (names first, then paths); one per consumer input, provider and path, the first reason kept.
        Map<List<String>, Relationship> relationships = new LinkedHashMap<>();
        discovered.stream().filter(kept::contains)
                .forEach(r -> relationships.putIfAbsent(List.of(r.consumer(), r.input(), r.provider(), r.outputPath()), r));
        return new ArrayList<>(relationships.values());
    }

    private static void add(Map<String, Map<Evidence, List<Relationship>>> byInput, Relationship relationship,
                            Evidence evidence) {
        byInput.computeIfAbsent(relationship.consumer() + " " + relationship.input(), key -> new java.util.TreeMap<>())
                .computeIfAbsent(evidence, key -> new ArrayList<>()).add(relationship);
    }
}
