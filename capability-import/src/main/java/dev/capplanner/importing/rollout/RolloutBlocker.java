package dev.capplanner.importing.rollout;

/**
 * What keeps a capability from serving multi-step plans (the seed: "treat missing API output schemas
 * and missing MCP collection paths as rollout blockers for multi-step workflows"): the {@code kind}
 * ({@code held-for-review}, {@code no-output-schema}, {@code no-collection-path},
 * {@code unfed-identifier}), the input it is about (for an unfed identifier), what it blocks and how
 * to fix it.
 */
public record RolloutBlocker(String capability, String kind, String input, String blocks, String fix) {

    public static final String HELD = "held-for-review";
    public static final String NO_OUTPUT_SCHEMA = "no-output-schema";
    public static final String NO_COLLECTION_PATH = "no-collection-path";
    public static final String UNFED_IDENTIFIER = "unfed-identifier";
}
