package dev.capplanner.reports.shadow;

import java.time.Instant;
import java.util.List;
import java.util.regex.Pattern;

/**
 * An analyst's label of one live-data case: the outcome its plan should have had ({@code actions},
 * {@code insufficient}, {@code help} or {@code refused}, as plans say it) and, optionally, the tools it
 * should have called, in order. The promotion gate's accuracy criteria read labels where they exist
 * (the legacy plan is no ground truth); the note is masked like every stored text.
 */
public record Label(String expectedOutcome, List<String> expectedTools, String note, String labelledBy,
                    Instant labelledAt) {

    public static final List<String> OUTCOMES = List.of("actions", "insufficient", "help", "refused");
    public static final int MAX_TOOLS = 16;
    public static final int MAX_NOTE = 2000;
    /** A capability's qualified name (e.g. {@code api:demo-api/orders.list}, {@code accounts.standing}). */
    private static final Pattern TOOL = Pattern.compile("[A-Za-z0-9][A-Za-z0-9:/._-]{0,199}");

    public Label {
        if (!OUTCOMES.contains(expectedOutcome)) {
            throw new IllegalArgumentException("'expectedOutcome' must be one of " + String.join(", ", OUTCOMES));
        }
        if (expectedTools != null) {
            if (!"actions".equals(expectedOutcome)) {
                throw new IllegalArgumentException("'expectedTools' is for an expected outcome of actions only");
            }
            if (expectedTools.isEmpty() || expectedTools.size() > MAX_TOOLS) {
                throw new IllegalArgumentException("'expectedTools' names 1 to " + MAX_TOOLS + " tools");
            }
            for (String tool : expectedTools) {
                if (tool == null || !TOOL.matcher(tool).matches()) {
                    throw new IllegalArgumentException("'expectedTools' holds a name that is no capability name");
                }
            }
            expectedTools = List.copyOf(expectedTools);
        }
        if (note != null && note.length() > MAX_NOTE) {
            throw new IllegalArgumentException("'note' is longer than " + MAX_NOTE + " characters");
        }
    }
}
