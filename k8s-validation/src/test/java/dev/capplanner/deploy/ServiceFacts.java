package dev.capplanner.deploy;

import dev.capplanner.contracts.Topics;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What a service module says about itself, read from its sources: its application name (its
 * consumer group and dead-letter topic follow from it) and the topics its handlers consume
 * ({@code @Incoming(Topics.X)}, resolved through the contracts' constants).
 */
record ServiceFacts(String module, String applicationName, List<String> consumedTopics) {

    private static final Pattern INCOMING = Pattern.compile("@Incoming\\(Topics\\.([A-Z_]+)\\)");

    static ServiceFacts of(String module) {
        Path root = Repository.home().resolve(module);
        Properties properties = new Properties();
        try (var in = Files.newInputStream(root.resolve("src/main/resources/application.properties"))) {
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("no application.properties in module " + module, e);
        }
        List<String> topics = new ArrayList<>();
        try (Stream<Path> sources = Files.walk(root.resolve("src/main/java"))) {
            for (Path source : sources.filter(p -> p.toString().endsWith(".java")).toList()) {
                Matcher incoming = INCOMING.matcher(Files.readString(source));
                while (incoming.find()) {
                    topics.add(topic(incoming.group(1)));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new ServiceFacts(module, properties.getProperty("quarkus.application.name"), topics);
    }

    String deadLetterTopic() {
        return Topics.deadLetters(applicationName);
    }

    private static String topic(String constant) {
        try {
            return (String) Topics.class.getField(constant).get(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("no topic constant Topics." + constant, e);
        }
    }
}
