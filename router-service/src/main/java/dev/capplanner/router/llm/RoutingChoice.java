package dev.capplanner.router.llm;

import java.util.List;

/** The structured answer the model must give: tool names, and omitted families it wants to see. */
public record RoutingChoice(List<String> tools, List<String> families) {
}
