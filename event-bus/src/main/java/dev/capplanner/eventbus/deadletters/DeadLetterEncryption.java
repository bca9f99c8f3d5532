package dev.capplanner.eventbus.deadletters;

import dev.capplanner.contracts.deadletters.DeadLetterKeys;
import dev.capplanner.contracts.deadletters.DeadLetterProtection;
import dev.capplanner.contracts.deadletters.ReadableHeaders;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Checks this service's dead-letter keys at start, before the consumers (and their dead-letter
 * producers) start: a malformed key fails the start with a message naming the key id; no key at all
 * is allowed (payloads withheld) but warned about, since dead letters then cannot be replayed.
 */
@ApplicationScoped
public class DeadLetterEncryption {

    private static final Logger LOG = Logger.getLogger(DeadLetterEncryption.class);

    private final DeadLetterConfig config;
    private final String service;

    public DeadLetterEncryption(DeadLetterConfig config, @ConfigProperty(name = "quarkus.application.name") String service) {
        this.config = config;
        this.service = service;
    }

    void checkAtStart(@Observes @Priority(100) StartupEvent started) {
        DeadLetterProtection protection = protection(config);
        if (protection.encrypts()) {
            LOG.infof("dead_letters_encrypted service=%s key=%s", service, config.activeKey().orElseThrow());
        } else {
            LOG.warnf("dead_letters_unencrypted service=%s: capplanner.dead-letters.keys is not set, so dead letters"
                    + " keep their reason but not their payload (withheld); set a key to be able to replay them", service);
        }
    }

    /** The protection the configuration asks for; fails on a malformed key, naming it by id only. */
    public static DeadLetterProtection protection(DeadLetterConfig config) {
        List<String> pairs = config.keys().orElse(List.of()).stream().filter(pair -> !pair.isBlank()).toList();
        ReadableHeaders readable = new ReadableHeaders(config.readableHeaderMaxBytes());
        if (pairs.isEmpty()) {
            return new DeadLetterProtection(Optional.empty(), readable);
        }
        if (config.activeKey().filter(id -> !id.isBlank()).isEmpty()) {
            throw new IllegalStateException("capplanner.dead-letters.active-key is not set: which of the dead-letter"
                    + " keys encrypts?");
        }
        try {
            return new DeadLetterProtection(Optional.of(DeadLetterKeys.parse(pairs, config.activeKey().get())), readable);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("capplanner.dead-letters.keys: " + e.getMessage());
        }
    }
}
