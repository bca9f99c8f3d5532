package dev.capplanner.router.hybrid;

import dev.capplanner.router.ranking.RankedCapability;
import java.util.List;
import java.util.Map;

/**
 * How one query part's keyword and semantic rankings become one score per capability. Which
 * capabilities are relevant is not the rule's business ({@link HybridRanker} decides that from the
 * raw scores); the rule only orders.
 */
public interface FusionRule {

    /**
     * @param lexical the keyword ranking's matches, best first, scores as BM25 gives them (all above 0)
     * @param meaning the semantic ranking, best first, scores as cosine similarities
     * @return a fused score for every capability of either ranking, higher is better
     */
    Map<String, Double> fuse(List<RankedCapability> lexical, List<RankedCapability> meaning);

    /** A short stable name, as the evaluation's study prints it. */
    String name();
}
