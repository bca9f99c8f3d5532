package dev.capplanner.router.rerank;

import dev.capplanner.contracts.events.Capability;

/**
 * One capability of a first-stage ranking, with what that stage knew of it.
 *
 * @param fusedScore   the hybrid's fused score
 * @param keywordScore its BM25 score as a share of the best one (0 when no word matched)
 * @param similarity   the cosine similarity of its embedding to the question's
 */
public record RerankCandidate(Capability capability, double fusedScore, double keywordScore, double similarity) {
}
