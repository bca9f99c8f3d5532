package dev.capplanner.localstack;

import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.events.TurnRequested;
import dev.capplanner.contracts.schema.EventSchemas;
import dev.capplanner.contracts.schema.RejectedEventException;
import dev.capplanner.contracts.schema.RunEventDecoder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One line of a turns file: published as it is, like a chat backend would. A line that is not a
 * valid turn-requested v1 event is expected to be dead-lettered, and {@code rejection} says why.
 */
public record TurnLine(int number, String raw, TurnRequested turn, String rejection) {

    public boolean valid() {
        return turn != null;
    }

    public static List<TurnLine> read(Path file) {
        RunEventDecoder decoder = new RunEventDecoder(new EventSchemas());
        List<TurnLine> lines = new ArrayList<>();
        try {
            List<String> text = Files.readAllLines(file);
            for (int i = 0; i < text.size(); i++) {
                String raw = text.get(i).strip();
                if (raw.isEmpty() || raw.startsWith("//")) {
                    continue;
                }
                try {
                    lines.add(new TurnLine(i + 1, raw, decoder.decode(raw, EventType.TURN_REQUESTED, TurnRequested.class),
                            null));
                } catch (RejectedEventException e) {
                    lines.add(new TurnLine(i + 1, raw, null, e.getMessage()));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return lines;
    }
}
