package dev.capplanner.router.routing.llm;

import dev.capplanner.router.ranking.MatchReason;
import dev.capplanner.router.ranking.RankedCapability;
import dev.capplanner.router.ranking.RankingQuery;
import dev.capplanner.router.routing.OmittedFamily;
import dev.capplanner.router.routing.RouterView;
import java.util.List;

/**
 * What the model is shown: the question, recent turns, the router view's compact capabilities and
 * the omitted families. Never schemas. Catalog text comes from remote servers, so it is reduced to
 * one bounded line per field ({@link PromptText}) and the model is told it is data, not instructions.
 */
public record RouterPrompt(String question, List<String> recentTurns, List<PromptCapability> capabilities,
                           List<OmittedFamily> omittedFamilies) {

    public RouterPrompt {
        recentTurns = List.copyOf(recentTurns);
        capabilities = List.copyOf(capabilities);
        omittedFamilies = List.copyOf(omittedFamilies);
    }

    /**
     * One compact catalog entry; {@code lookAlikes} names the capabilities of other sources that do
     * the same (empty when none), so that the model picks the provider the question asks for.
     */
    public record PromptCapability(String name, String family, String entity, String operation, String description,
                                   List<String> lookAlikes) {
        public PromptCapability {
            lookAlikes = List.copyOf(lookAlikes);
        }
    }

    /** Look-alikes shown per capability: enough to see the family, not a second catalog. */
    static final int MAX_LOOK_ALIKES = 5;

    public static RouterPrompt of(RankingQuery query, RouterView view) {
        List<PromptCapability> capabilities = view.visible().stream().map(RouterPrompt::compact).toList();
        return new RouterPrompt(query.question(), query.recentTurns(), capabilities, view.omittedFamilies());
    }

    private static PromptCapability compact(RankedCapability ranked) {
        var capability = ranked.capability();
        List<String> lookAlikes = ranked.reasons().stream()
                .filter(reason -> reason instanceof MatchReason.LookAlikes)
                .flatMap(reason -> ((MatchReason.LookAlikes) reason).others().stream())
                .limit(MAX_LOOK_ALIKES).map(name -> PromptText.line(name, 80)).toList();
        return new PromptCapability(capability.name(), capability.family(), PromptText.line(capability.entity(), 60),
                PromptText.line(capability.operation(), 30), PromptText.line(capability.description(), 200),
                lookAlikes);
    }
}
