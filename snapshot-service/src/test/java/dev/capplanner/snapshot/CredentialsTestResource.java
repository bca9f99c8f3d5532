package dev.capplanner.snapshot;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** The registry's secrets directory for one test run; a test writes a tenant's secret with {@link #write}. */
public class CredentialsTestResource implements QuarkusTestResourceLifecycleManager {

    static final Path DIRECTORY = Path.of("target", "test-secrets").toAbsolutePath();

    static void write(String tenant, String name, String value) {
        try {
            Path file = DIRECTORY.resolve(tenant).resolve(name);
            Files.createDirectories(file.getParent());
            Files.writeString(file, value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public Map<String, String> start() {
        // Loopback stand-ins, by address only: "localhost" stays a host no credential may go to.
        return Map.of("snapshot.credentials.directory", DIRECTORY.toString(),
                "snapshot.egress.allowed-hosts", "127.0.0.1", "snapshot.egress.allow-private-addresses", "true");
    }

    @Override
    public void stop() {
    }
}
