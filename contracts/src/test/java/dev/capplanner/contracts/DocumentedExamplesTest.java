package dev.capplanner.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.schema.EventSchemas;
import dev.capplanner.contracts.schema.RunEventDecoder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Every example event the docs show is a valid event: docs/examples/v1/{schema file name}. */
class DocumentedExamplesTest {

    private final Path examples = Path.of(System.getProperty("capplanner.docs.dir", "../docs"), "examples", "v1");
    private final RunEventDecoder decoder = new RunEventDecoder(new EventSchemas());

    @Test
    void everyEventTypeHasADocumentedExampleThatValidates() throws IOException {
        for (EventType type : EventType.values()) {
            Path example = examples.resolve(type.schemaFile());
            assertThat(example).as("documented example of " + type).exists();
            decoder.decode(Files.readString(example), type, type.recordType());
        }
    }

    @Test
    void noOtherFilesHideInTheExamplesFolder() throws IOException {
        try (var files = Files.list(examples)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .allMatch(name -> java.util.Arrays.stream(EventType.values()).anyMatch(t -> t.schemaFile().equals(name)));
        }
    }
}
