package dev.capplanner.router.semantic;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.indexing.SourceBoilerplate;
import dev.capplanner.router.ranking.CapabilityRanker;
import dev.capplanner.router.ranking.MatchReason;
import dev.capplanner.router.ranking.RankedCapability;
import dev.capplanner.router.ranking.RankingQuery;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * Ranks a snapshot by cosine similarity between the question's embedding and each capability's
 * (cached) embedding. One embedding per question; ties broken by name.
 */
public final class SemanticIndex implements CapabilityRanker {

    private final List<Capability> capabilities;
    private final float[][] vectors;
    private final CapabilityEmbeddings embeddings;
    private final Map<String, Integer> positions = new HashMap<>();

    private SemanticIndex(List<Capability> capabilities, CapabilityEmbeddings embeddings,
                          SourceBoilerplate boilerplate) {
        this.capabilities = List.copyOf(capabilities);
        this.embeddings = embeddings;
        this.vectors = new float[capabilities.size()][];
        for (int i = 0; i < capabilities.size(); i++) {
            vectors[i] = embeddings.vectorOf(capabilities.get(i), boilerplate.description(capabilities.get(i)));
            positions.put(capabilities.get(i).name(), i);
        }
    }

    /** An index that leaves each source's boilerplate out of what it embeds ({@link SourceBoilerplate}). */
    public static SemanticIndex build(List<Capability> capabilities, CapabilityEmbeddings embeddings) {
        return build(capabilities, embeddings, SourceBoilerplate.of(capabilities));
    }

    public static SemanticIndex build(List<Capability> capabilities, CapabilityEmbeddings embeddings,
                                      SourceBoilerplate boilerplate) {
        return new SemanticIndex(capabilities, embeddings, boilerplate);
    }

    @Override
    public List<Capability> capabilities() {
        return capabilities;
    }

    /**
     * Cosine similarity of all-MiniLM-L6-v2 from which meaning alone makes a tool relevant; requests
     * no tool fits ("tell me a joke") reach about 0.21 against the 308-tool gold set.
     */
    public static final double RELEVANCE_FLOOR = 0.25;

    /**
     * The best capabilities by similarity; those below {@link #RELEVANCE_FLOOR} keep their place
     * but are not relevant, so a router routes nothing for a question no tool fits.
     */
    @Override
    public List<RankedCapability> rank(RankingQuery query, int limit) {
        return similarities(query).top(limit).stream()
                .map(r -> r.relevant() ? r : r.because(new MatchReason.BelowRelevance()))
                .toList();
    }

    /** The question's similarity to every capability, from one question embedding. */
    public Similarities similarities(RankingQuery query) {
        EmbeddedText question = embeddings.embedQuestion(query.question());
        double[] scores = new double[capabilities.size()];
        for (int doc = 0; doc < capabilities.size(); doc++) {
            scores[doc] = dot(vectors[doc], question.vector());
        }
        return new Similarities(scores, question.tokens());
    }

    /**
     * Unit vectors, so the dot product is the cosine. Four float accumulators let the JIT pipeline
     * the loop (at 10,000 capabilities this loop is most of a hybrid rank). Vectors stay the
     * shared per-content arrays of {@link CapabilityEmbeddings}, not a per-snapshot copy.
     */
    private static double dot(float[] vector, float[] question) {
        float s0 = 0;
        float s1 = 0;
        float s2 = 0;
        float s3 = 0;
        int i = 0;
        int length = Math.min(vector.length, question.length);
        for (; i + 3 < length; i += 4) {
            s0 += vector[i] * question[i];
            s1 += vector[i + 1] * question[i + 1];
            s2 += vector[i + 2] * question[i + 2];
            s3 += vector[i + 3] * question[i + 3];
        }
        for (; i < length; i++) {
            s0 += vector[i] * question[i];
        }
        return (s0 + s1) + (s2 + s3);
    }

    /** One question's cosine similarities; read by rank or by capability name. */
    public final class Similarities {
        private final double[] scores;
        private final float[][] questionTokens;

        private Similarities(double[] scores, float[][] questionTokens) {
            this.scores = scores;
            this.questionTokens = questionTokens;
        }

        /** The question's token vectors, read in the same run of the model as its vector. */
        public float[][] questionTokens() {
            return questionTokens;
        }

        /** The similarity to the named capability, or 0 for a name outside the snapshot. */
        public double of(String capabilityName) {
            Integer doc = positions.get(capabilityName);
            return doc == null ? 0 : scores[doc];
        }

        /** The most similar capabilities with their raw similarity as score, relevant from the floor on. */
        public List<RankedCapability> top(int limit) {
            Comparator<Integer> better = Comparator.<Integer>comparingDouble(doc -> scores[doc]).reversed()
                    .thenComparing(doc -> capabilities.get(doc).name());
            PriorityQueue<Integer> worstFirst = new PriorityQueue<>(better.reversed());
            for (int doc = 0; doc < capabilities.size(); doc++) {
                worstFirst.add(doc);
                if (worstFirst.size() > limit) {
                    worstFirst.poll();
                }
            }
            List<Integer> top = new ArrayList<>(worstFirst);
            top.sort(better);
            List<RankedCapability> ranked = new ArrayList<>(top.size());
            for (int doc : top) {
                double score = Math.round(scores[doc] * 1000) / 1000.0;
                ranked.add(new RankedCapability(capabilities.get(doc), score, score >= RELEVANCE_FLOOR,
                        List.of(new MatchReason.SemanticSimilarity(scores[doc]))));
            }
            return ranked;
        }
    }
}
