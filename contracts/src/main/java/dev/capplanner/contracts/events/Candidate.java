package dev.capplanner.contracts.events;

import java.util.List;
import java.util.stream.Stream;

/**
 * A routed capability with its full schema, its rank score and why it matched. {@code lookAlikes}
 * are the members of its look-alike family (the same operation on the same entity, from other
 * sources) that also fit the question: the family takes one slot of the route, its members ride
 * along in full so that a planner can take the provider the question names; null when none.
 */
public record Candidate(Capability capability, double score, String matchReason, List<Capability> lookAlikes) {

    /** The schema's bound; a long question can match many terms, so reasons are cut to fit. */
    public static final int MAX_MATCH_REASON = 500;
    /** The schema's bound on the members a slot carries besides its capability. */
    public static final int MAX_LOOK_ALIKES = 3;

    public Candidate {
        if (matchReason != null && matchReason.length() > MAX_MATCH_REASON) {
            matchReason = matchReason.substring(0, MAX_MATCH_REASON - 1) + "…";
        }
        if (lookAlikes != null && lookAlikes.size() > MAX_LOOK_ALIKES) {
            throw new IllegalArgumentException("a slot carries at most " + MAX_LOOK_ALIKES + " look-alikes");
        }
        lookAlikes = lookAlikes == null || lookAlikes.isEmpty() ? null : List.copyOf(lookAlikes);
    }

    /** A candidate without look-alikes. */
    public Candidate(Capability capability, double score, String matchReason) {
        this(capability, score, matchReason, null);
    }

    /**
     * Every capability the candidates offer a planner, each slot's capability before its look-alikes.
     * Static: an instance accessor would be read as one more JSON property.
     */
    public static Stream<Capability> offered(List<Candidate> candidates) {
        return candidates.stream().flatMap(candidate -> Stream.concat(Stream.of(candidate.capability()),
                candidate.lookAlikes() == null ? Stream.empty() : candidate.lookAlikes().stream()));
    }
}
