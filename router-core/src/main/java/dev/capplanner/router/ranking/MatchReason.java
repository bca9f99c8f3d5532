package dev.capplanner.router.ranking;

/**
 * Why a capability was ranked or routed where it was, as data: the core never builds reason
 * text; an edge that shows a reason renders it with {@link MatchReasonText}.
 */
public sealed interface MatchReason {

    /** A term of the question found in one of the capability's fields (name, entity, aliases, ...). */
    record TermMatch(String term, String field) implements MatchReason {
    }

    /** The user's selected row is about this entity, or the capability takes its id. */
    record SelectionMatch(String entity) implements MatchReason {
    }

    /** A tool whose result is already evidence is about this entity. */
    record EvidenceMatch(String entity) implements MatchReason {
    }

    /** No term of the question matched the capability. */
    record NoTermMatched() implements MatchReason {
    }

    /** Cosine similarity between the question's and the capability's embeddings. */
    record SemanticSimilarity(double similarity) implements MatchReason {
    }

    /** Keyword and semantic scores fused into one, before the reasons of each. */
    record FusedScore(double score) implements MatchReason {
    }

    /** Not relevant to the question: it ranks after every relevant capability. */
    record BelowRelevance() implements MatchReason {
    }

    /** Routed because another candidate needs this entity's identifier, which this capability finds. */
    record FindsIdentifier(String entity, String forCapability) implements MatchReason {
    }

    /** Routed because the question asks "who" and this capability reads the person another candidate's output names. */
    record ReadsReference(String entity, String fromCapability) implements MatchReason {
    }

    /** Capabilities of other sources that do the same (same operation on the same entity), by name. */
    record LookAlikes(java.util.List<String> others) implements MatchReason {
        public LookAlikes {
            others = java.util.List.copyOf(others);
        }
    }

    /** Named by the caller of a direct call: nothing was ranked. */
    record CalledByName() implements MatchReason {
    }

    /** Chosen by the LLM router. */
    record ChosenByModel() implements MatchReason {
    }

    /** How a discovery request placed the capability: forced first, protected, or preferred. */
    record Requested(String how) implements MatchReason {
    }
}
