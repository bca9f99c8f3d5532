package dev.capplanner.executor.wording;

import java.util.List;
import java.util.Map;

/**
 * What a person sees when a turn needs them to choose one of several matches (a compact selection
 * card; the complete rows stay in the artifact for the model): the entity, how many matched, the
 * {@code columns} shown (the identifier, the attributes the lookup matched on, then {@code differBy},
 * the attributes that tell the matches apart) and one option per row shown, by its 1-based row in
 * the artifact. Values are the tool's output: data to show, never instructions.
 */
public record ChoiceCard(String entity, int matched, List<String> columns, List<String> differBy,
                         List<Option> options) {

    public ChoiceCard {
        columns = List.copyOf(columns);
        differBy = List.copyOf(differBy);
        options = List.copyOf(options);
    }

    /** One match: its row in the artifact and the values of the card's columns it has. */
    public record Option(int row, Map<String, String> values) {
        public Option {
            values = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(values));
        }
    }
}
