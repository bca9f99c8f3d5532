package dev.capplanner.contracts.events;

/** A routed capability with its full schema, its rank score and why it matched. */
public record Candidate(Capability capability, double score, String matchReason) {

    /** The schema's bound; a long question can match many terms, so reasons are cut to fit. */
    public static final int MAX_MATCH_REASON = 500;

    public Candidate {
        if (matchReason != null && matchReason.length() > MAX_MATCH_REASON) {
            matchReason = matchReason.substring(0, MAX_MATCH_REASON - 1) + "…";
        }
    }
}
