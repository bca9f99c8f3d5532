package dev.capplanner.router.ranking;

import dev.capplanner.contracts.events.Selection;
import java.util.List;

/**
 * What the ranker looks at: the question, recent turns, the user's current selection and the tools
 * whose results are already evidence in the conversation ({@code evidenceTools}).
 */
public record RankingQuery(String question, List<String> recentTurns, Selection currentSelection,
                           List<String> evidenceTools) {
    public RankingQuery {
        recentTurns = recentTurns == null ? List.of() : List.copyOf(recentTurns);
        evidenceTools = evidenceTools == null ? List.of() : List.copyOf(evidenceTools);
    }

    public RankingQuery(String question, List<String> recentTurns, Selection currentSelection) {
        this(question, recentTurns, currentSelection, List.of());
    }

    /** The same context for another question text (one step of a multi-step request). */
    public RankingQuery withQuestion(String otherQuestion) {
        return new RankingQuery(otherQuestion, recentTurns, currentSelection, evidenceTools);
    }
}
