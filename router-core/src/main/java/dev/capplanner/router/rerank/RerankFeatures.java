package dev.capplanner.router.rerank;

import dev.capplanner.router.indexing.SourceBoilerplate;
import dev.capplanner.router.keyword.KeywordIndex;
import dev.capplanner.router.semantic.CapabilityEmbeddings;
import java.util.ArrayList;
import java.util.List;

/** Every feature the second stage reads of a (question part, candidate) pair: the words', then the tokens'. */
public final class RerankFeatures {

    /** {@link PairFeatures#NAMES}, then {@link TokenFeatures#NAMES}: the order of a row and of the weights. */
    public static final List<String> NAMES = names();

    private final PairFeatures words;
    private final TokenFeatures tokens;

    public RerankFeatures(PairFeatures words, TokenFeatures tokens) {
        this.words = words;
        this.tokens = tokens;
    }

    /**
     * The features of one snapshot's hybrid: its keyword index's term statistics, each capability's
     * description as the first stage reads it, and the model's token vectors of the same texts.
     */
    public static RerankFeatures of(KeywordIndex keyword, SourceBoilerplate boilerplate,
                                    CapabilityEmbeddings embeddings) {
        return new RerankFeatures(new PairFeatures(boilerplate::description, keyword::documentFrequency,
                keyword.size()), new TokenFeatures(
                        capability -> embeddings.tokensOf(capability, boilerplate.description(capability))));
    }

    /** One row of {@link #NAMES}' values per candidate, in the candidates' order. */
    public double[][] of(RerankQuery question, List<RerankCandidate> candidates) {
        double[][] read = words.of(question.text(), candidates);
        double[][] compared = tokens.of(question.tokens(), candidates);
        double[][] rows = new double[read.length][];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = new double[NAMES.size()];
            System.arraycopy(read[i], 0, rows[i], 0, read[i].length);
            System.arraycopy(compared[i], 0, rows[i], read[i].length, compared[i].length);
        }
        return rows;
    }

    private static List<String> names() {
        List<String> names = new ArrayList<>(PairFeatures.NAMES);
        names.addAll(TokenFeatures.NAMES);
        return List.copyOf(names);
    }
}
