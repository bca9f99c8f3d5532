package dev.capplanner.router.semantic;

/** Turns text into a unit-length vector; the same text always gives the same vector. */
public interface TextEmbedder {

    float[] embed(String text);

    /** Identifies the model, so that cached vectors of another model are never mixed in. */
    String modelId();
}
