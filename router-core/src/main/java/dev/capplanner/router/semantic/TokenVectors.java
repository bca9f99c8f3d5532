package dev.capplanner.router.semantic;

import java.util.Arrays;
import java.util.Random;

/**
 * A text's token vectors as the second stage keeps them: projected onto {@value #DIMENSIONS} fixed
 * orthonormal directions (the same for every text and question, so cosines stay comparable), at most
 * {@value #MAX_TOKENS} of them, 8 bits a component with a scale per token: about 4 KB for a
 * capability, so a router can hold 10,000 capabilities' tokens in a few tens of megabytes. Compared
 * with a question's tokens both ways, the late-interaction reading of the second stage.
 */
public final class TokenVectors {

    /** Dimensions kept of the model's 384. */
    public static final int DIMENSIONS = 64;
    /** Tokens kept of a capability's text (its first ones: name, then description). */
    public static final int MAX_TOKENS = 64;
    private static final int MODEL_DIMENSIONS = 384;
    private static final float[][] PROJECTION = projection();
    private static final TokenVectors NONE = new TokenVectors(new byte[0], new float[0]);

    private final byte[] values;
    private final float[] scales;

    private TokenVectors(byte[] values, float[] scales) {
        this.values = values;
        this.scales = scales;
    }

    /** @param vectors the model's unit token vectors */
    public static TokenVectors of(float[][] vectors) {
        int tokens = Math.min(vectors.length, MAX_TOKENS);
        if (tokens == 0) {
            return NONE;
        }
        byte[] values = new byte[tokens * DIMENSIONS];
        float[] scales = new float[tokens];
        for (int t = 0; t < tokens; t++) {
            float[] projected = project(vectors[t]);
            float largest = 0;
            for (float v : projected) {
                largest = Math.max(largest, Math.abs(v));
            }
            scales[t] = largest / 127f;
            for (int i = 0; i < DIMENSIONS; i++) {
                values[t * DIMENSIONS + i] = largest == 0 ? 0 : (byte) Math.round(projected[i] / scales[t]);
            }
        }
        return new TokenVectors(values, scales);
    }

    /** A question part's token vectors, projected as capabilities' are: once per part, not per candidate. */
    public static float[][] question(float[][] vectors) {
        float[][] projected = new float[vectors.length][];
        for (int t = 0; t < vectors.length; t++) {
            projected[t] = project(vectors[t]);
        }
        return projected;
    }

    public int size() {
        return scales.length;
    }

    /** Bytes held, for a cache's weight, with what a cache entry and its key cost besides. */
    public int bytes() {
        return values.length + 4 * scales.length + 256;
    }

    /**
     * Both late-interaction means against a question's projected token vectors ({@link #question}): the
     * mean over the question's tokens of their best cosine with any of these ({@code [0]}), and the mean
     * over these of their best with any of the question's ({@code [1]}); 0 and 0 when either side has
     * no token.
     */
    public double[] meanBestBothWays(float[][] question) {
        int tokens = size();
        if (question.length == 0 || tokens == 0) {
            return new double[] {0, 0};
        }
        if (question[0].length != DIMENSIONS) {
            throw new IllegalArgumentException("the question's tokens are not projected");
        }
        double[] bestOfQuestion = new double[question.length];
        double[] bestOfThese = new double[tokens];
        Arrays.fill(bestOfQuestion, -1);
        Arrays.fill(bestOfThese, -1);
        for (int t = 0; t < tokens; t++) {
            int offset = t * DIMENSIONS;
            for (int q = 0; q < question.length; q++) {
                float[] asked = question[q];
                float dot = 0;
                for (int i = 0; i < DIMENSIONS; i++) {
                    dot += asked[i] * values[offset + i];
                }
                double cosine = dot * scales[t];
                bestOfQuestion[q] = Math.max(bestOfQuestion[q], cosine);
                bestOfThese[t] = Math.max(bestOfThese[t], cosine);
            }
        }
        return new double[] {mean(bestOfQuestion), mean(bestOfThese)};
    }

    /** The vector on the fixed directions, scaled to unit length again. */
    private static float[] project(float[] vector) {
        if (vector.length != MODEL_DIMENSIONS) {
            throw new IllegalArgumentException("token vectors of another model: " + vector.length + " dimensions");
        }
        float[] projected = new float[DIMENSIONS];
        for (int d = 0; d < DIMENSIONS; d++) {
            float sum = 0;
            float[] direction = PROJECTION[d];
            for (int i = 0; i < MODEL_DIMENSIONS; i++) {
                sum += direction[i] * vector[i];
            }
            projected[d] = sum;
        }
        return MiniLmEmbedder.normalize(projected);
    }

    /** Random directions from a fixed seed, made orthonormal: the same in every process and release. */
    private static float[][] projection() {
        Random random = new Random(64_384L);
        double[][] directions = new double[DIMENSIONS][MODEL_DIMENSIONS];
        for (int d = 0; d < DIMENSIONS; d++) {
            for (int i = 0; i < MODEL_DIMENSIONS; i++) {
                directions[d][i] = random.nextGaussian();
            }
            for (int earlier = 0; earlier < d; earlier++) {
                double dot = 0;
                for (int i = 0; i < MODEL_DIMENSIONS; i++) {
                    dot += directions[d][i] * directions[earlier][i];
                }
                for (int i = 0; i < MODEL_DIMENSIONS; i++) {
                    directions[d][i] -= dot * directions[earlier][i];
                }
            }
            double norm = 0;
            for (double v : directions[d]) {
                norm += v * v;
            }
            norm = Math.sqrt(norm);
            for (int i = 0; i < MODEL_DIMENSIONS; i++) {
                directions[d][i] /= norm;
            }
        }
        float[][] projection = new float[DIMENSIONS][MODEL_DIMENSIONS];
        for (int d = 0; d < DIMENSIONS; d++) {
            for (int i = 0; i < MODEL_DIMENSIONS; i++) {
                projection[d][i] = (float) directions[d][i];
            }
        }
        return projection;
    }

    private static double mean(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
    }
}
