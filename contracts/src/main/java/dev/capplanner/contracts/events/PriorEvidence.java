package dev.capplanner.contracts.events;

/**
 * A tool whose result is already evidence in the conversation (the chat backend copies it from an
 * earlier turn's {@code turn.completed}). A ranking hint: names and counts only, never the data.
 */
public record PriorEvidence(String tool, int recordCount) {
}
