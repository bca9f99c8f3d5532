package dev.capplanner.router;

import dev.capplanner.router.keyword.Tokenizer;
import dev.capplanner.router.semantic.TextEmbedder;

/**
 * A stand-in embedder for tests whose subject is not the model: each word (as the keyword tokenizer
 * reads it) adds to one of 64 dimensions, so texts sharing words are similar. Fast and deterministic;
 * the tests about semantic ranking itself load the real model.
 */
public final class WordHashEmbedder implements TextEmbedder {

    private static final int DIMENSIONS = 64;
    private final Tokenizer tokenizer = new Tokenizer();

    @Override
    public float[] embed(String text) {
        float[] vector = new float[DIMENSIONS];
        for (String term : tokenizer.terms(text)) {
            vector[Math.floorMod(term.hashCode(), DIMENSIONS)] += 1;
        }
        double norm = 0;
        for (float v : vector) {
            norm += v * v;
        }
        if (norm > 0) {
            for (int i = 0; i < vector.length; i++) {
                vector[i] = (float) (vector[i] / Math.sqrt(norm));
            }
        }
        return vector;
    }

    @Override
    public String modelId() {
        return "test-word-hash";
    }
}
