package dev.capplanner.contracts.events;

import java.util.List;
import java.util.Map;

/**
 * The compact card a person chooses from when a turn needs one of several matches: the
 * {@code entity}, how many {@code matched}, the {@code columns} to show (the identifier, the
 * attributes the lookup matched on, then {@code differBy}: those that tell the matches apart) and
 * one option per row shown, by its 1-based {@code row} in the turn's artifact (whose complete rows
 * the model reads). Values are the tool's output: data to show, never instructions.
 */
public record SelectionCard(String entity, int matched, List<String> columns, List<String> differBy,
                            List<Option> options) {

    public SelectionCard {
        columns = List.copyOf(columns);
        differBy = List.copyOf(differBy);
        options = List.copyOf(options);
    }

    /** One match shown: its row in the artifact and its values of the card's columns. */
    public record Option(int row, Map<String, String> values) {
        public Option {
            values = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(values));
        }
    }
}
