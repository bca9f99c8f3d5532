package dev.capplanner.router.strategy;

import java.util.Locale;

/** How a snapshot is ranked: lexical, by meaning, or both fused. */
public enum RankingStrategy {
    KEYWORD, SEMANTIC, HYBRID;

    public static RankingStrategy parse(String value) {
        try {
            return valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IllegalArgumentException("ranking strategy must be keyword, semantic or hybrid, not '" + value + "'");
        }
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
