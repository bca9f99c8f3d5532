package dev.capplanner.router.keyword;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.indexing.SourceBoilerplate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The inverted index of one snapshot and its BM25 scoring (k1 1.2, b 0.75) over field-weighted
 * term frequencies ({@link CapabilityFields}). Built once per snapshot; scoring a question touches
 * only the postings of its terms.
 */
final class Bm25Postings {

    static final double K1 = 1.2;
    static final double B = 0.75;

    private static final Tokenizer TOKENIZER = new Tokenizer();

    private final int size;
    /** Per document: each term's highest-weighted field, which says why the document matched. */
    private final List<Map<String, String>> bestFields = new ArrayList<>();
    /** Per document: BM25's length normalization {@code k1 * (1 - b + b * length / average)}. */
    private final double[] lengthNorms;
    private final Map<String, Posting> postings = new HashMap<>();

    /** The documents containing a term, with the term's weighted frequency in each. */
    private record Posting(int[] docs, double[] frequencies) {
    }

    /** One question's scores: every document's, and which documents any term matched, in match order. */
    static final class Scores {
        final double[] values;
        final boolean[] matched;
        final int[] matchedDocs;
        int matchedCount;

        Scores(int size) {
            values = new double[size];
            matched = new boolean[size];
            matchedDocs = new int[size];
        }

        void markMatched(int doc) {
            if (!matched[doc]) {
                matched[doc] = true;
                matchedDocs[matchedCount++] = doc;
            }
        }
    }

    Bm25Postings(List<Capability> capabilities, SourceBoilerplate boilerplate) {
        size = capabilities.size();
        double[] lengths = new double[size];
        Map<String, List<Integer>> docsByTerm = new HashMap<>();
        Map<String, List<Double>> frequenciesByTerm = new HashMap<>();
        double total = 0;
        for (int doc = 0; doc < size; doc++) {
            Map<String, Double> frequencies = new HashMap<>();
            Map<String, String> fields = new HashMap<>();
            for (Map.Entry<String, String> field : CapabilityFields.texts(capabilities.get(doc),
                    boilerplate.description(capabilities.get(doc))).entrySet()) {
                double weight = CapabilityFields.WEIGHTS.get(field.getKey());
                for (String term : TOKENIZER.terms(field.getValue())) {
                    frequencies.merge(term, weight, Double::sum);
                    String best = fields.get(term);
                    if (best == null || CapabilityFields.WEIGHTS.get(best) < weight) {
                        fields.put(term, field.getKey());
                    }
                }
            }
            for (Map.Entry<String, Double> frequency : frequencies.entrySet()) {
                docsByTerm.computeIfAbsent(frequency.getKey(), t -> new ArrayList<>()).add(doc);
                frequenciesByTerm.computeIfAbsent(frequency.getKey(), t -> new ArrayList<>()).add(frequency.getValue());
            }
            lengths[doc] = frequencies.values().stream().mapToDouble(Double::doubleValue).sum();
            total += lengths[doc];
            bestFields.add(fields);
        }
        double averageLength = size == 0 ? 1 : Math.max(1e-9, total / size);
        lengthNorms = new double[size];
        for (int doc = 0; doc < size; doc++) {
            lengthNorms[doc] = K1 * (1 - B + B * lengths[doc] / averageLength);
        }
        docsByTerm.forEach((term, docs) -> postings.put(term, new Posting(
                docs.stream().mapToInt(Integer::intValue).toArray(),
                frequenciesByTerm.get(term).stream().mapToDouble(Double::doubleValue).toArray())));
    }

    /** @param queryTerms each term of the question with its weight (1 for the question, less for context) */
    Scores score(Map<String, Double> queryTerms) {
        Scores scores = new Scores(size);
        for (Map.Entry<String, Double> term : queryTerms.entrySet()) {
            Posting posting = postings.get(term.getKey());
            if (posting == null) {
                continue;
            }
            int[] docs = posting.docs();
            double[] frequencies = posting.frequencies();
            double weight = term.getValue() * Math.log(1 + (size - docs.length + 0.5) / (docs.length + 0.5)) * (K1 + 1);
            for (int i = 0; i < docs.length; i++) {
                int doc = docs[i];
                scores.values[doc] += weight * frequencies[i] / (frequencies[i] + lengthNorms[doc]);
                scores.markMatched(doc);
            }
        }
        return scores;
    }

    /** How many documents hold the term. */
    int documentFrequency(String term) {
        Posting posting = postings.get(term);
        return posting == null ? 0 : posting.docs().length;
    }

    /** The field a term of the document was found in with the highest weight, or null. */
    String bestField(int doc, String term) {
        return bestFields.get(doc).get(term);
    }
}
