package dev.capplanner.eventbus;

import dev.capplanner.contracts.trust.SnapshotSeals;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The snapshot seal keys from configuration (a Kubernetes Secret in production):
 * {@code capplanner.seal.keys} lists {@code keyId:base64secret} pairs (env {@code CAPPLANNER_SEAL_KEYS}),
 * {@code capplanner.seal.active-key} names the one new seals are made with; a service that only
 * verifies leaves it unset. Produced only where a service injects it, so services that neither seal
 * nor verify need no key.
 */
public class SealKeys {

    @Produces
    @Singleton
    SnapshotSeals snapshotSeals(@ConfigProperty(name = "capplanner.seal.keys") Optional<List<String>> keys,
                                @ConfigProperty(name = "capplanner.seal.active-key") Optional<String> activeKey) {
        return parse(keys.orElse(List.of()), activeKey.orElse(null));
    }

    static SnapshotSeals parse(List<String> pairs, String activeKey) {
        if (pairs.isEmpty()) {
            throw new IllegalStateException("capplanner.seal.keys is not set: snapshot seals cannot be made or checked");
        }
        Map<String, byte[]> keys = new LinkedHashMap<>();
        for (String pair : pairs) {
            int colon = pair.indexOf(':');
            if (colon <= 0) {
                throw new IllegalStateException("capplanner.seal.keys entries must be keyId:base64secret");
            }
            try {
                keys.put(pair.substring(0, colon).trim(), Base64.getDecoder().decode(pair.substring(colon + 1).trim()));
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException("seal key " + pair.substring(0, colon) + " is not valid base64");
            }
        }
        return new SnapshotSeals(activeKey, keys);
    }
}
