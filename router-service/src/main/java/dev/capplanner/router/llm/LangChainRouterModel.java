package dev.capplanner.router.llm;

import dev.capplanner.router.routing.OmittedFamily;
import dev.capplanner.router.routing.llm.RouterAnswer;
import dev.capplanner.router.routing.llm.RouterModel;
import dev.capplanner.router.routing.llm.RouterPrompt;
import java.util.stream.Collectors;

/** Renders the router prompt as text for {@link RoutingAssistant} and maps its answer back. */
public final class LangChainRouterModel implements RouterModel {

    private final RoutingAssistant assistant;

    public LangChainRouterModel(RoutingAssistant assistant) {
        this.assistant = assistant;
    }

    @Override
    public RouterAnswer choose(RouterPrompt prompt) {
        RoutingChoice choice = assistant.choose(prompt.question(),
                prompt.recentTurns().isEmpty() ? "(none)" : String.join(" / ", prompt.recentTurns()),
                catalog(prompt), families(prompt));
        return choice == null ? null : new RouterAnswer(choice.tools(), choice.families());
    }

    static String catalog(RouterPrompt prompt) {
        if (prompt.capabilities().isEmpty()) {
            return "(empty: this user may call no tool)";
        }
        return prompt.capabilities().stream()
                .map(c -> String.join(" | ", c.name(), c.family(), c.entity(), c.operation(), c.description())
                        + (c.lookAlikes().isEmpty() ? "" : " | look-alikes: " + String.join(", ", c.lookAlikes())))
                .collect(Collectors.joining("\n"));
    }

    static String families(RouterPrompt prompt) {
        if (prompt.omittedFamilies().isEmpty()) {
            return "(none: the catalog is complete)";
        }
        return prompt.omittedFamilies().stream()
                .map(LangChainRouterModel::family)
                .collect(Collectors.joining("\n"));
    }

    private static String family(OmittedFamily family) {
        return family.family() + " | " + family.count() + " | " + String.join(", ", family.operations());
    }
}
