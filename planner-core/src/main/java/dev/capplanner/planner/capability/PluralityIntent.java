package dev.capplanner.planner.capability;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Whether a question asks about several entities at once ("the orders of all customers named
 * Rossi", "every open ticket", "both accounts"), so a step that would target several of them may
 * fan out instead of asking the user to choose one (rule "fan-out gate"). English quantifiers only:
 * words of the question are the user's intent ("/all" typed in it is the word "all"); a chat
 * backend's command comes in its own field and counts only where the tenant trusts it
 * ({@code PlanningRequest.command}). The executor still checks every call against the snapshot and
 * its schema.
 */
final class PluralityIntent {

    private static final Pattern QUANTIFIER = Pattern.compile("\\b(all|every|each|both|any of)\\b");

    private PluralityIntent() {
    }

    static boolean in(String question) {
        return question != null && QUANTIFIER.matcher(question.toLowerCase(Locale.ROOT)).find();
    }
}
