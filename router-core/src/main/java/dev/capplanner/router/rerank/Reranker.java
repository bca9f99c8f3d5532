package dev.capplanner.router.rerank;

import java.util.List;

/**
 * A second stage over one question's best first-stage candidates (at most {@link #VIEW}): it reads the
 * question against each candidate more closely and may only reorder them, never add or drop one, so
 * that which tools are relevant stays the first stage's decision (rule "no fit, no route").
 */
public interface Reranker {

    /** How many of the first stage's best candidates a reranker reads: the router's view. */
    int VIEW = 40;

    /** The same candidates, best first. */
    List<RerankCandidate> rerank(RerankQuery question, List<RerankCandidate> candidates);
}
