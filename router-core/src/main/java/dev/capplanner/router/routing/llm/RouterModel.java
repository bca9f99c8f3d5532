package dev.capplanner.router.routing.llm;

/**
 * A language model asked to choose a route. Implementations live at the edge (router-service wires
 * one with quarkus-langchain4j); any exception means the model's output could not be used.
 */
public interface RouterModel {

    RouterAnswer choose(RouterPrompt prompt);
}
