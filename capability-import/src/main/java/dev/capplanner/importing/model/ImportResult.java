package dev.capplanner.importing.model;

import java.util.List;

/**
 * What one source gave: its operations as capabilities, the relationships between them, and how many
 * capability hints it sent that were invalid (and ignored).
 */
public record ImportResult(String source, List<ImportedCapability> capabilities, List<Relationship> relationships,
                           int invalidHints) {

    public ImportResult {
        capabilities = List.copyOf(capabilities);
        relationships = List.copyOf(relationships);
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
