package dev.capplanner.importing.model;

import java.util.List;

/**
 * What one source gave: its operations as capabilities, the relationships between them, how many
 * capability hints it sent that were invalid (and ignored), and the operations refused outright,
 * each with its place and reason.
 */
public record ImportResult(String source, List<ImportedCapability> capabilities, List<Relationship> relationships,
                           int invalidHints, List<RefusedOperation> refused) {

    public ImportResult {
        capabilities = List.copyOf(capabilities);
        relationships = List.copyOf(relationships);
        refused = List.copyOf(refused);
    }

    public ImportResult(String source, List<ImportedCapability> capabilities, List<Relationship> relationships,
                        int invalidHints) {
        this(source, capabilities, relationships, invalidHints, List.of());
    }

    public ImportResult(String source, List<ImportedCapability> capabilities, List<Relationship> relationships) {
        this(source, capabilities, relationships, 0);
    }

    public long readOnly() {
        return capabilities.stream().filter(ImportedCapability::readOnly).count();
    }

    public long excluded() {
        return capabilities.size() - readOnly();
    }
}
