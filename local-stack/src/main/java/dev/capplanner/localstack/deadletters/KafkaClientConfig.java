package dev.capplanner.localstack.deadletters;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;

/** The Kafka client properties an operator's tool is given (TLS, SASL), as Kafka's own tools take them. */
final class KafkaClientConfig {

    private KafkaClientConfig() {
    }

    /** The file's properties, none without one; an unreadable file is a usage error naming only its path. */
    static Properties load(Optional<Path> commandConfig) {
        Properties props = new Properties();
        if (commandConfig.isPresent()) {
            try (Reader in = Files.newBufferedReader(commandConfig.get(), StandardCharsets.UTF_8)) {
                props.load(in);
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot read " + commandConfig.get() + ": "
                        + e.getClass().getSimpleName());
            }
        }
        return props;
    }
}
