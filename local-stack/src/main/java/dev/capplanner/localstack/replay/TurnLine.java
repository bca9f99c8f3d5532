package dev.capplanner.localstack.replay;

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
 * valid turn-requested v1 event is expected to be dead-lettered, and {@code rejection} says why. A
 * line {@code {"select": N}} is the user's choice of the N-th row (1-based) the previous turn offered
 * ({@code select}), as a chat backend sends it.
 */
public record TurnLine(int number, String raw, TurnRequested turn, String rejection, Integer select) {

    private static final java.util.regex.Pattern SELECT = java.util.regex.Pattern.compile(
            "^\\{\\s*\"select\"\\s*:\\s*(\\d{1,4})\\s*}$");

    public TurnLine(int number, String raw, TurnRequested turn, String rejection) {
        this(number, raw, turn, rejection, null);
    }

    public boolean valid() {
        return turn != null;
    }

    public boolean selects() {
        return select != null;
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
                java.util.regex.Matcher select = SELECT.matcher(raw);
                if (select.matches() && Integer.parseInt(select.group(1)) >= 1) {
                    lines.add(new TurnLine(i + 1, raw, null, null, Integer.parseInt(select.group(1))));
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
