package dev.capplanner.testing.kafka;

import dev.capplanner.contracts.deadletters.DeadLetterKeys;
import java.util.List;
import java.util.Map;

/**
 * The dead-letter key of the tests' services (given by {@link dev.capplanner.testing.quarkus.KafkaBrokerTestResource}),
 * with which {@link KafkaTestClient} opens their dead letters as an operator would. Fixed and public:
 * it protects nothing but test records.
 */
public final class TestDeadLetterKeys {

    public static final String KEY_ID = "test-dead-letters";
    /** 32 bytes, base64. */
    static final String SECRET = "dGVzdC1kZWFkLWxldHRlcnMta2V5LTMyLWJ5dGVzISE=";

    private TestDeadLetterKeys() {
    }

    public static DeadLetterKeys keys() {
        return DeadLetterKeys.parse(List.of(KEY_ID + ":" + SECRET), KEY_ID);
    }

    /** The services' configuration for this key. */
    public static Map<String, String> config() {
        return Map.of("capplanner.dead-letters.keys", KEY_ID + ":" + SECRET,
                "capplanner.dead-letters.active-key", KEY_ID);
    }
}
