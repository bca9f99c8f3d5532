package dev.capplanner.importing.inference;

import dev.capplanner.importing.model.ImportedCapability;
import dev.capplanner.importing.model.Relationship;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Which reads can feed which reads' identifier inputs: an input such as {@code customerId} is fed
 * by another read's output field of the same name ({@code customerId} of an order), or by the
 * {@code id} of a read about that entity ({@code items[].id} of customers.search). Writes are left
 * out: they never enter a snapshot, so nothing can be planned with them.
 */
public final class RelationshipInference {

    public List<Relationship> infer(List<ImportedCapability> capabilities) {
        List<ImportedCapability> reads = capabilities.stream().filter(ImportedCapability::readOnly).toList();
        List<Relationship> relationships = new ArrayList<>();
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
                    OutputShape shape = OutputShape.of(provider.outputSchema());
                    for (String path : shape.identifierPaths()) {
                        if (IdentifierFeeds.feeds(IdentifierFeeds.leaf(path), input, provider.entity(),
                                consumer.entity())) {
                            relationships.add(new Relationship(consumer.id(), input, provider.id(), path));
                        }
                    }
                }
            }
        }
        return relationships;
    }
}
