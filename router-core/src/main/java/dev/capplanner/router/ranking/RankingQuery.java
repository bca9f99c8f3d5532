package dev.capplanner.router.ranking;

import dev.capplanner.contracts.events.Selection;
import java.util.List;

/** What the ranker looks at: the question, recent turns and the user's current selection. */
public record RankingQuery(String question, List<String> recentTurns, Selection currentSelection) {
    public RankingQuery {
        recentTurns = recentTurns == null ? List.of() : List.copyOf(recentTurns);
    }
}
