package dev.capplanner.router.ranking;

import dev.capplanner.contracts.events.Capability;

/** A capability with its lexical score and the matched terms that explain it. */
public record RankedCapability(Capability capability, double score, String matchReason) {
}
