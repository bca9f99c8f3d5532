package dev.capplanner.router.rerank;

/**
 * The question part a second stage reads: its text and its tokens' vectors, from the same run of the
 * embedding model as the first stage's question vector (the question is embedded once).
 */
public record RerankQuery(String text, float[][] tokens) {

    /** A part without token vectors (token-level features are then 0). */
    public static RerankQuery of(String text) {
        return new RerankQuery(text, new float[0][]);
    }
}
