package dev.capplanner.importing.model;

import java.util.List;

/** What one source gave: its operations as capabilities, and the relationships between them. */
public record ImportResult(String source, List<ImportedCapability> capabilities, List<Relationship> relationships) {

    public ImportResult {
        capabilities = List.copyOf(capabilities);
        relationships = List.copyOf(relationships);
    }

    public long readOnly() {
        return capabilities.stream().filter(ImportedCapability::readOnly).count();
    }

    public long excluded() {
        return capabilities.size() - readOnly();
    }
}
