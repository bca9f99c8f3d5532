package dev.capplanner.router.rerank;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.inputschema.InputSchema;
import dev.capplanner.router.keyword.Tokenizer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;

/**
 * What the second stage reads of one (question, candidate) pair: the first stage's own signals, and
 * what a closer reading of the question against the candidate's fields finds that a bag of words
 * summed over the whole catalog does not. Which parameters the question names (and which of the
 * required ones), whether it writes one of their enum values, whether its verb agrees with the
 * candidate's operation ({@link OperationVerbs}), how much of the question's rarer vocabulary the
 * candidate's name, description and whole text cover (each word weighted by its rarity in the
 * snapshot, words no capability holds, such as identifiers and free values, left out), its word pairs
 * found as pairs, what only this candidate among the ones being reranked covers, and its place among
 * them by keyword score and by similarity (places are reciprocal: 1 for the first, 1/2 for the second).
 * All values lie in [0, 1] except the similarity, a cosine in [-1, 1], and its gap to the best (in [-2, 0]).
 *
 * <p>One instance per snapshot: each capability's words are read once, when it first reaches a
 * reranking, and kept (at most the snapshot's size).
 */
public final class PairFeatures {

    /** The feature names, in the order {@link #of} returns the values. */
    public static final List<String> NAMES = List.of(
            "fused", "keyword", "similarity", "similarity_gap", "first_stage_place",
            "name_coverage", "entity_coverage", "operation_named", "operation_kind_agrees",
            "operation_kind_conflicts", "parameter_coverage", "required_coverage", "enum_value_named",
            "question_coverage", "question_coverage_by_name", "question_coverage_by_description",
            "phrase_matches", "rarest_word_matched", "unique_coverage", "keyword_place", "similarity_place",
            "whole_name_named", "name_phrase_named");

    private static final Tokenizer TOKENIZER = new Tokenizer();
    /** Parameter-name words that say nothing about what a parameter is for. */
    private static final Set<String> GENERIC_PARAMETER_WORDS = Set.of("id", "name", "type", "value", "data", "info",
            "number", "num", "code", "key", "string", "text", "query", "q", "limit", "page", "size", "format",
            "option", "param", "parameter", "field", "max", "min", "offset", "sort", "count", "filter", "detail");
    /** A capability's enum values are its own claim about what questions name it: read within bounds. */
    private static final int MAX_ENUM_VALUES_PER_PARAMETER = 64;
    private static final int MAX_ENUM_VALUES = 256;
    private static final int MAX_ENUM_VALUE_LENGTH = 40;
    private static final int MAX_ENUM_VALUE_TERMS = 3;

    private final Function<Capability, String> descriptions;
    private final ToIntFunction<String> documentFrequency;
    private final int documents;
    private final Map<String, CandidateWords> words = new ConcurrentHashMap<>();

    /**
     * @param descriptions      each capability's description as the first stage reads it
     * @param documentFrequency how many of the snapshot's capabilities hold a term
     * @param documents         the snapshot's size
     */
    public PairFeatures(Function<Capability, String> descriptions, ToIntFunction<String> documentFrequency,
                        int documents) {
        this.descriptions = descriptions;
        this.documentFrequency = documentFrequency;
        this.documents = documents;
    }

    /** One row of {@link #NAMES}' values per candidate, in the candidates' order. */
    public double[][] of(String question, List<RerankCandidate> candidates) {
        QuestionWords asked = new QuestionWords(question);
        List<CandidateWords> read = new ArrayList<>(candidates.size());
        Map<String, Integer> holders = new HashMap<>();
        double bestSimilarity = Double.NEGATIVE_INFINITY;
        for (RerankCandidate candidate : candidates) {
            CandidateWords candidateWords = words.computeIfAbsent(candidate.capability().name(),
                    name -> new CandidateWords(candidate.capability(), descriptions.apply(candidate.capability())));
            read.add(candidateWords);
            for (String term : asked.weights.keySet()) {
                if (candidateWords.all.contains(term)) {
                    holders.merge(term, 1, Integer::sum);
                }
            }
            bestSimilarity = Math.max(bestSimilarity, candidate.similarity());
        }
        int[] keywordPlaces = places(candidates, RerankCandidate::keywordScore);
        int[] similarityPlaces = places(candidates, RerankCandidate::similarity);
        double[][] rows = new double[candidates.size()][];
        for (int i = 0; i < candidates.size(); i++) {
            double keywordPlace = candidates.get(i).keywordScore() > 0 ? 1.0 / (1 + keywordPlaces[i]) : 0;
            rows[i] = row(asked, candidates.get(i), read.get(i), new double[] {1.0 / (1 + i), keywordPlace,
                1.0 / (1 + similarityPlaces[i])}, bestSimilarity, holders);
        }
        return rows;
    }

    /** Each candidate's 0-based place among these candidates by one signal, higher first, ties by first-stage order. */
    private static int[] places(List<RerankCandidate> candidates, ToDoubleFunction<RerankCandidate> signal) {
        Integer[] order = new Integer[candidates.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.<Integer>comparingDouble(
                i -> signal.applyAsDouble(candidates.get(i))).reversed().thenComparingInt(i -> i));
        int[] places = new int[order.length];
        for (int place = 0; place < order.length; place++) {
            places[order[place]] = place;
        }
        return places;
    }

    /** @param places the candidate's reciprocal places: in the first stage, by keyword score, by similarity */
    private double[] row(QuestionWords asked, RerankCandidate candidate, CandidateWords words, double[] places,
                         double bestSimilarity, Map<String, Integer> holders) {
        double unique = 0;
        for (Map.Entry<String, Double> term : asked.weights.entrySet()) {
            if (words.all.contains(term.getKey()) && holders.getOrDefault(term.getKey(), 0) == 1) {
                unique += term.getValue();
            }
        }
        return new double[] {
            candidate.fusedScore(),
            candidate.keywordScore(),
            candidate.similarity(),
            candidate.similarity() - bestSimilarity,
            places[0],
            share(words.name, asked.terms),
            share(words.entity, asked.terms),
            words.operationRoot != null && asked.roots.contains(words.operationRoot) ? 1 : 0,
            !Collections.disjoint(words.operationKinds, asked.kinds) ? 1 : 0,
            !words.operationKinds.isEmpty() && !asked.kinds.isEmpty()
                    && Collections.disjoint(words.operationKinds, asked.kinds) ? 1 : 0,
            namedShare(words.parameters, asked.terms),
            namedShare(words.requiredParameters, asked.terms),
            words.enumValues.stream().anyMatch(asked.terms::containsAll) ? 1 : 0,
            asked.coverage(words.all),
            asked.coverage(words.name),
            asked.coverage(words.description),
            asked.pairs.isEmpty() ? 0 : (double) asked.pairs.stream().filter(words.pairs::contains).count()
                    / asked.pairs.size(),
            asked.rarest != null && words.all.contains(asked.rarest) ? 1 : 0,
            asked.totalWeight == 0 ? 0 : unique / asked.totalWeight,
            places[1],
            places[2],
            !words.name.isEmpty() && asked.terms.containsAll(words.name) ? 1 : 0,
            words.namePairs.stream().anyMatch(asked.pairs::contains) ? 1 : 0,
        };
    }

    private static double share(Set<String> terms, Set<String> asked) {
        if (terms.isEmpty()) {
            return 0;
        }
        return (double) terms.stream().filter(asked::contains).count() / terms.size();
    }

    /**
     * The share of parameters the question names by a word of their name that says what they are for;
     * parameters whose names hold no such word ({@code id}, {@code query}) are not counted either way.
     */
    private static double namedShare(List<Set<String>> parameters, Set<String> asked) {
        List<Set<String>> telling = parameters.stream().filter(words -> !words.isEmpty()).toList();
        if (telling.isEmpty()) {
            return 0;
        }
        long named = telling.stream().filter(words -> words.stream().anyMatch(asked::contains)).count();
        return (double) named / telling.size();
    }

    private double rarity(String term) {
        int frequency = documentFrequency.applyAsInt(term);
        return frequency == 0 ? 0 : Math.log(1 + (documents - frequency + 0.5) / (frequency + 0.5));
    }

    /** The question's terms, their rarity weights, word pairs and verbs. */
    private final class QuestionWords {
        final Set<String> terms;
        final Map<String, Double> weights = new HashMap<>();
        final Set<String> pairs = new HashSet<>();
        final Set<String> roots = new HashSet<>();
        final Set<String> kinds;
        final String rarest;
        final double totalWeight;

        QuestionWords(String question) {
            List<String> sequence = TOKENIZER.terms(question);
            this.terms = new LinkedHashSet<>(sequence);
            String rarestTerm = null;
            double total = 0;
            for (String term : terms) {
                double weight = rarity(term);
                if (weight > 0) {
                    weights.put(term, weight);
                    total += weight;
                    if (rarestTerm == null || weight > weights.get(rarestTerm)) {
                        rarestTerm = term;
                    }
                }
            }
            this.rarest = rarestTerm;
            this.totalWeight = total;
            for (int i = 0; i + 1 < sequence.size(); i++) {
                pairs.add(sequence.get(i) + ' ' + sequence.get(i + 1));
            }
            List<String> words = List.of(question.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+"));
            words.forEach(word -> roots.add(OperationVerbs.root(word)));
            this.kinds = OperationVerbs.askedBy(words);
        }

        /** The rarity-weighted share of the question's vocabulary these terms hold. */
        double coverage(Set<String> candidateTerms) {
            if (totalWeight == 0) {
                return 0;
            }
            double covered = 0;
            for (Map.Entry<String, Double> term : weights.entrySet()) {
                if (candidateTerms.contains(term.getKey())) {
                    covered += term.getValue();
                }
            }
            return covered / totalWeight;
        }
    }

    /** A capability's words, by field. */
    private static final class CandidateWords {
        final Set<String> name;
        final Set<String> entity;
        final String operationRoot;
        final Set<String> operationKinds;
        final List<Set<String>> parameters = new ArrayList<>();
        final List<Set<String>> requiredParameters = new ArrayList<>();
        final List<List<String>> enumValues = new ArrayList<>();
        final Set<String> description;
        final Set<String> all = new HashSet<>();
        final Set<String> pairs = new HashSet<>();
        final Set<String> namePairs = new HashSet<>();

        CandidateWords(Capability capability, String descriptionText) {
            String localName = capability.name().substring(Math.max(capability.name().lastIndexOf('/'),
                    capability.name().lastIndexOf(':')) + 1);
            List<String> nameSequence = TOKENIZER.terms(localName);
            this.name = new HashSet<>(nameSequence);
            this.entity = new HashSet<>(TOKENIZER.terms(capability.entity()));
            String operation = capability.operation() == null ? "" : capability.operation().strip();
            this.operationRoot = operation.isEmpty() || operation.contains(" ") ? null : OperationVerbs.root(operation);
            this.operationKinds = operation.isEmpty() ? Set.of() : OperationVerbs.kinds(operation);
            List<String> descriptionSequence = TOKENIZER.terms(descriptionText);
            this.description = new HashSet<>(descriptionSequence);
            addPairs(nameSequence);
            addPairs(descriptionSequence);
            for (int i = 0; i + 1 < nameSequence.size(); i++) {
                namePairs.add(nameSequence.get(i) + ' ' + nameSequence.get(i + 1));
            }
            all.addAll(name);
            all.addAll(entity);
            all.addAll(TOKENIZER.terms(operation));
            all.addAll(description);
            capability.aliases().forEach(alias -> all.addAll(TOKENIZER.terms(alias)));
            for (InputSchema.Parameter parameter : InputSchema.of(capability.inputSchema()).parameters()) {
                if (parameter.bound()) {
                    continue;
                }
                List<String> parameterName = TOKENIZER.terms(parameter.name());
                all.addAll(parameterName);
                addPairs(parameterName);
                Set<String> telling = new HashSet<>(parameterName);
                telling.removeAll(GENERIC_PARAMETER_WORDS);
                parameters.add(telling);
                if (parameter.required()) {
                    requiredParameters.add(telling);
                }
                if (parameter.schema().get("description") instanceof String text) {
                    List<String> parameterDescription = TOKENIZER.terms(text);
                    all.addAll(parameterDescription);
                    addPairs(parameterDescription);
                }
                if (parameter.schema().get("enum") instanceof List<?> values) {
                    values.stream().limit(MAX_ENUM_VALUES_PER_PARAMETER).map(String::valueOf)
                            .filter(value -> value.length() <= MAX_ENUM_VALUE_LENGTH).map(TOKENIZER::terms)
                            .filter(terms -> !terms.isEmpty() && terms.size() <= MAX_ENUM_VALUE_TERMS
                                    && String.join("", terms).length() > 1)
                            .limit(Math.max(0, MAX_ENUM_VALUES - enumValues.size()))
                            .forEach(enumValues::add);
                }
            }
        }

        private void addPairs(List<String> sequence) {
            for (int i = 0; i + 1 < sequence.size(); i++) {
                pairs.add(sequence.get(i) + ' ' + sequence.get(i + 1));
            }
        }
    }
}
