package dev.capplanner.router.routing.llm;

import java.util.List;

/**
 * The model's structured answer: capability names to route, and omitted families it wants to see.
 * Untrusted until {@link LlmRouter} has checked every name against the snapshot.
 */
public record RouterAnswer(List<String> tools, List<String> families) {
}
