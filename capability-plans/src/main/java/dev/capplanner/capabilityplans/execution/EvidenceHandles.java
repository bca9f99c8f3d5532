package dev.capplanner.capabilityplans.execution;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Keeps a step's complete rows where the caller can page or select them later, and names the
 * handle the result carries instead of copied rows (seed: "prefer handles").
 */
@FunctionalInterface
public interface EvidenceHandles {

    /** Keeps nothing: a result over its inline budget is only cut. */
    EvidenceHandles NONE = (step, capability, rows) -> CompletableFuture.completedFuture(Optional.empty());

    CompletionStage<Optional<String>> keep(String step, String capability, List<Map<String, Object>> rows);
}
