package dev.capplanner.router.semantic;

/** Turns text into a unit-length vector; the same text always gives the same vector. */
public interface TextEmbedder {

    float[] embed(String text);

    /**
     * Unit-length vectors of the text's tokens in order, for token-level (late-interaction)
     * similarity; a model that has none returns none, and token-level features are then 0.
     */
    default float[][] tokenVectors(String text) {
        return new float[0][];
    }

    /** The text's vector and its token vectors; a model may read both in one pass. */
    default EmbeddedText embedWithTokens(String text) {
        return new EmbeddedText(embed(text), tokenVectors(text));
    }

    /** Identifies the model, so that cached vectors of another model are never mixed in. */
    String modelId();
}
