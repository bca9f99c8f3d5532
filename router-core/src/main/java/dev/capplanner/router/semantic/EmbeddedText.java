package dev.capplanner.router.semantic;

/**
 * A text read by the embedding model: its unit vector (the first stage's similarity) and its tokens'
 * unit vectors (the second stage's token-level similarity).
 */
public record EmbeddedText(float[] vector, float[][] tokens) {
}
