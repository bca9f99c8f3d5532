package dev.capplanner.snapshot.catalog;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The registered tools the snapshot is cut from; names are unique. */
public record Catalog(List<CatalogEntry> entries) {

    private static final String CLASSPATH_PREFIX = "classpath:";

    public Catalog {
        entries = List.copyOf(entries);
        Set<String> names = new HashSet<>();
        for (CatalogEntry entry : entries) {
            if (entry.name() == null || entry.name().isBlank()) {
                throw new IllegalArgumentException("a catalog entry has no name");
            }
            if (!names.add(entry.name())) {
                throw new IllegalArgumentException("duplicate catalog entry: " + entry.name());
            }
        }
    }

    /** Reads a JSON array of entries from a file path or a {@code classpath:} resource. */
    public static Catalog load(String location) {
        ObjectMapper mapper = new ObjectMapper();
        try (InputStream in = open(location)) {
            return new Catalog(mapper.readValue(in, new TypeReference<List<CatalogEntry>>() { }));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read catalog " + location, e);
        }
    }

    private static InputStream open(String location) throws IOException {
        if (location.startsWith(CLASSPATH_PREFIX)) {
            String resource = location.substring(CLASSPATH_PREFIX.length());
            InputStream in = Catalog.class.getClassLoader().getResourceAsStream(resource);
            if (in == null) {
                throw new IOException("no classpath resource " + resource);
            }
            return in;
        }
        return Files.newInputStream(Path.of(location));
    }
}
