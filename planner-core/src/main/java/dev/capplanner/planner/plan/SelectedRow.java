package dev.capplanner.planner.plan;

import java.util.Map;

/** The row the user selected in an earlier turn: its entity and its complete values. */
public record SelectedRow(String entity, Map<String, Object> row) {
}
