package dev.capplanner.snapshot.catalog;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The registered capabilities snapshots are cut from; a name is unique within its connection. */
public record Catalog(List<CatalogEntry> entries) {

    public Catalog {
        entries = List.copyOf(entries);
        Set<String> names = new HashSet<>();
        for (CatalogEntry entry : entries) {
            if (entry.name() == null || entry.name().isBlank()) {
                throw new IllegalArgumentException("a catalog entry has no name");
            }
            if (entry.connection() == null || entry.connection().isBlank()) {
                throw new IllegalArgumentException("catalog entry " + entry.name() + " names no connection");
            }
            if (!names.add(entry.connection() + "/" + entry.name())) {
                throw new IllegalArgumentException("duplicate catalog entry: " + entry.connection() + "/" + entry.name());
            }
        }
    }
}
