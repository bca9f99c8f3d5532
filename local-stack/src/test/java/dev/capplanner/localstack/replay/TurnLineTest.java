package dev.capplanner.localstack.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A turns file holds turn-requested events and the user's choices, {@code {"select": N}}; anything else is published to be dead-lettered. */
class TurnLineTest {

    @TempDir
    Path temp;

    @Test
    void aSelectLineIsTheUsersChoiceAndNotAnEvent() throws IOException {
        Path turns = temp.resolve("turns.jsonl");
        Files.writeString(turns, String.join("\n", List.of("{\"select\": 2}", "{ \"select\" : 11 }",
                "{\"select\": 0}", "{\"select\": \"2\"}", "// a comment", "")));
        List<TurnLine> lines = TurnLine.read(turns);
        assertThat(lines).hasSize(4);
        assertThat(lines.get(0).selects()).isTrue();
        assertThat(lines.get(0).select()).isEqualTo(2);
        assertThat(lines.get(1).select()).isEqualTo(11);
        assertThat(lines.get(2).selects()).as("options count from 1").isFalse();
        assertThat(lines.get(2).valid()).isFalse();
        assertThat(lines.get(3).selects()).isFalse();
        assertThat(lines.get(3).rejection()).isNotNull();
    }
}
