package dev.capplanner.router.semantic;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.ranking.CapabilityRanker;
import dev.capplanner.router.ranking.RankedCapability;
import dev.capplanner.router.ranking.RankingQuery;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.PriorityQueue;

/**
 * Ranks a snapshot by cosine similarity between the question's embedding and each capability's
 * (cached) embedding. One embedding per question; ties broken by name.
 */
public final class SemanticIndex implements CapabilityRanker {

    private final List<Capability> capabilities;
    private final float[][] vectors;
    private final CapabilityEmbeddings embeddings;

    private SemanticIndex(List<Capability> capabilities, CapabilityEmbeddings embeddings) {
        this.capabilities = List.copyOf(capabilities);
        this.embeddings = embeddings;
        this.vectors = new float[capabilities.size()][];
        for (int i = 0; i < capabilities.size(); i++) {
            vectors[i] = embeddings.vectorOf(capabilities.get(i));
        }
    }

    public static SemanticIndex build(List<Capability> capabilities, CapabilityEmbeddings embeddings) {
        return new SemanticIndex(capabilities, embeddings);
    }

    @Override
    public List<Capability> capabilities() {
        return capabilities;
    }

    @Override
    public List<RankedCapability> rank(RankingQuery query, int limit) {
        float[] question = embeddings.embedQuestion(query.question());
        double[] scores = new double[capabilities.size()];
        for (int doc = 0; doc < capabilities.size(); doc++) {
            double dot = 0;
            float[] vector = vectors[doc];
            for (int i = 0; i < vector.length; i++) {
                dot += vector[i] * question[i];
            }
            scores[doc] = dot;
        }
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
            ranked.add(new RankedCapability(capabilities.get(doc), Math.round(scores[doc] * 1000) / 1000.0,
                    String.format(Locale.ROOT, "semantic similarity %.2f", scores[doc])));
        }
        return ranked;
    }
}
