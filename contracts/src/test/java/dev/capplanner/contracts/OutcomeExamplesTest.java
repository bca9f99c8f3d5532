package dev.capplanner.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.TurnCompleted;
import dev.capplanner.contracts.schema.EventSchemas;
import dev.capplanner.contracts.schema.RunEventDecoder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/chat-backend.md shows one turn-completed event per outcome (docs/examples/outcomes/{outcome}.json,
 * the answered one being docs/examples/v1/turn-completed.json): each is a valid event of that outcome.
 */
class OutcomeExamplesTest {

    private final Path docs = Path.of(System.getProperty("capplanner.docs.dir", "../docs"));
    private final RunEventDecoder decoder = new RunEventDecoder(new EventSchemas());

    @Test
    void everyOutcomeHasAValidExampleOfThatOutcome() throws IOException {
        List<String> shown = new ArrayList<>();
        try (var files = Files.list(docs.resolve("examples/outcomes"))) {
            for (Path example : files.sorted().toList()) {
                TurnCompleted event = decoder.decode(Files.readString(example), EventType.TURN_COMPLETED,
                        TurnCompleted.class);
                String outcome = example.getFileName().toString().replace(".json", "");
                assertThat(event.outcome()).as(example.toString()).isEqualTo(outcome);
                shown.add(outcome);
            }
        }
        shown.add(decoder.decode(Files.readString(docs.resolve("examples/v1/turn-completed.json")),
                EventType.TURN_COMPLETED, TurnCompleted.class).outcome());
        assertThat(shown).containsExactlyInAnyOrder(TurnCompleted.ANSWERED, TurnCompleted.ARTIFACT,
                TurnCompleted.SELECTION_REQUIRED, TurnCompleted.INSUFFICIENT,
                TurnCompleted.DENIED, TurnCompleted.FAILED, TurnCompleted.HELP, TurnCompleted.REFUSED, TurnCompleted.UNAUTHENTICATED);
        String guide = Files.readString(docs.resolve("chat-backend.md"));
        shown.forEach(outcome -> assertThat(guide).as("the guide links " + outcome)
                .contains(outcome.equals("answered") ? "examples/v1/turn-completed.json" : "examples/outcomes/" + outcome + ".json"));
    }
}
