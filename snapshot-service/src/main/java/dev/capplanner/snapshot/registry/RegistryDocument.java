package dev.capplanner.snapshot.registry;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.snapshot.catalog.Catalog;
import dev.capplanner.snapshot.catalog.CatalogEntry;
import dev.capplanner.snapshot.connection.Connection;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A static registry file (connections, role grants and capabilities in one JSON document), the
 * source the registry is seeded from when it is empty: the demo's, or an operator's fixed catalog.
 */
public record RegistryDocument(List<Connection> connections, List<RoleGrant> roleGrants,
                               List<CatalogEntry> capabilities) {

    private static final String CLASSPATH_PREFIX = "classpath:";

    public RegistryDocument {
        connections = connections == null ? List.of() : List.copyOf(connections);
        roleGrants = roleGrants == null ? List.of() : List.copyOf(roleGrants);
        capabilities = capabilities == null ? List.of() : List.copyOf(capabilities);
    }

    /** The document as registry state of the given revision; an inconsistent document is refused. */
    public RegistryState toState(long revision) {
        return new RegistryState(revision, connections, new Catalog(capabilities), roleGrants);
    }

    /** Reads a document from a file path or a {@code classpath:} resource; unknown fields are errors. */
    public static RegistryDocument load(String location) {
        ObjectMapper mapper = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        try (InputStream in = open(location)) {
            RegistryDocument document = mapper.readValue(in, RegistryDocument.class);
            document.toState(0);
            return document;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read registry document " + location + ": " + e.getMessage(), e);
        }
    }

    private static InputStream open(String location) throws IOException {
        if (location.startsWith(CLASSPATH_PREFIX)) {
            String resource = location.substring(CLASSPATH_PREFIX.length());
            InputStream in = RegistryDocument.class.getClassLoader().getResourceAsStream(resource);
            if (in == null) {
                throw new IOException("no classpath resource " + resource);
            }
            return in;
        }
        return Files.newInputStream(Path.of(location));
    }
}
