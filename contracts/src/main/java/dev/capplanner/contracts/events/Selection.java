package dev.capplanner.contracts.events;

import java.util.Map;

/** A row the user selected in an earlier turn, stored complete and apart from the chat copy. */
public record Selection(String capability, String entity, Map<String, Object> row) {
}
