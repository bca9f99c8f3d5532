package dev.capplanner.importing.openapi;

/**
 * How far the import expands a document's {@code $ref}s: each reference is copied where it is used,
 * so a small document whose schemas refer to each other many times over expands exponentially
 * (a few kilobytes into billions of nodes). An operation whose inlined schemas pass
 * {@code maxNodesPerOperation} nodes is refused (the rest of the document imports); a document
 * whose operations together pass {@code maxNodesPerDocument} nodes, or {@code maxReferences}
 * expanded references, is refused whole. Nesting stops at {@link SchemaInliner#MAX_DEPTH} levels
 * with a placeholder, as a recursive reference does.
 */
public record ExpansionLimits(int maxReferences, int maxNodesPerOperation, int maxNodesPerDocument) {

    public static final ExpansionLimits DEFAULTS = new ExpansionLimits(200_000, 100_000, 2_000_000);

    public ExpansionLimits {
        if (maxReferences < 1 || maxNodesPerOperation < 100 || maxNodesPerDocument < maxNodesPerOperation) {
            throw new IllegalArgumentException("expansion limits: references " + maxReferences + " (at least 1), nodes per"
                    + " operation " + maxNodesPerOperation + " (at least 100), nodes per document " + maxNodesPerDocument
                    + " (at least the nodes per operation)");
        }
    }
}
