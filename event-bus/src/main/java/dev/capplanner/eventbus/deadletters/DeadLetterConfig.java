package dev.capplanner.eventbus.deadletters;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.List;
import java.util.Optional;

/** How this service keeps the payloads of its dead letters (rule "dead letters carry the reason"). */
@ConfigMapping(prefix = "capplanner.dead-letters")
public interface DeadLetterConfig {

    /**
     * {@code keyId:base64secret} pairs (32-byte AES-256 keys), from the operators' Secret; unset: every
     * dead letter's payload is withheld, and a warning says so at start.
     */
    Optional<List<String>> keys();

    /** The id of the key new dead letters are encrypted under; required when keys are set. */
    Optional<String> activeKey();

    /**
     * The longest identifier header (a CloudEvents attribute, the trace) that stays readable on a dead
     * letter; a longer one is encrypted with the payload.
     */
    @WithDefault("256")
    int readableHeaderMaxBytes();
}
