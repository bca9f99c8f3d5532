package dev.capplanner.eventbus.trust;

import dev.capplanner.contracts.principal.PrincipalTokenSigner;
import dev.capplanner.contracts.trust.ServiceTokenSigner;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jboss.logging.Logger;

/**
 * This service's key for other services' internal APIs: {@code capplanner.service-token.private-key-location}
 * (a PKCS#8 PEM file, e.g. a mounted Secret; or a classpath resource), tokens named after
 * {@code quarkus.application.name} and living {@code capplanner.service-token.lifetime} (default 5 min).
 * Produced only where a service injects it.
 */
public class ServiceCredentialKeys {

    private static final Logger LOG = Logger.getLogger(ServiceCredentialKeys.class);

    @Produces
    @Singleton
    ServiceCredentials serviceCredentials() {
        var config = ConfigProvider.getConfig();
        String service = config.getValue("quarkus.application.name", String.class);
        Optional<String> location = config.getOptionalValue("capplanner.service-token.private-key-location", String.class);
        if (location.isEmpty()) {
            LOG.warnf("service_key_missing service=%s: capplanner.service-token.private-key-location is not set, calls"
                    + " to other services' internal APIs carry no credential and are refused", service);
            return ServiceCredentials.NONE;
        }
        Duration lifetime = config.getOptionalValue("capplanner.service-token.lifetime", Duration.class)
                .orElse(Duration.ofMinutes(5));
        // Callees refuse tokens living over an hour; under 30 s a token would be re-signed for nearly every call.
        if (lifetime.compareTo(Duration.ofSeconds(30)) < 0 || lifetime.compareTo(Duration.ofHours(1)) > 0) {
            throw new IllegalStateException("capplanner.service-token.lifetime must be between 30s and 1h, not "
                    + lifetime);
        }
        return new ServiceCredentials(new ServiceTokenSigner(service,
                PrincipalTokenSigner.privateKeyFromPem(read(location.get())), Clock.systemUTC(), lifetime));
    }

    /** A file, or else a classpath resource (the tests' keys). */
    static String read(String location) {
        try {
            Path file = Path.of(location);
            if (Files.isRegularFile(file)) {
                return Files.readString(file, StandardCharsets.US_ASCII);
            }
            try (InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream(location)) {
                if (in == null) {
                    throw new IllegalStateException("no service key at " + location);
                }
                return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("unreadable service key " + location, e);
        }
    }
}
