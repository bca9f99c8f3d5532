package dev.capplanner.executor.targets;

import dev.capplanner.executor.request.ToolEndpoint;
import java.util.concurrent.CompletionStage;

/** Where an endpoint's calls go: a configured target, or the one the owner's registered connection names. */
public interface TargetDirectory {

    /**
     * @return the target; failed with {@link UnknownTargetException} when neither the configuration
     *         nor the owner's registry names it, or its URL is refused by the egress policy
     */
    CompletionStage<CallTarget> find(ToolEndpoint endpoint);

    /** Whether calls to the endpoint's target can be looked up at all (configured, or owned and registry-named). */
    boolean knows(ToolEndpoint endpoint);

    /** The target cannot be called: worded for the run's owner, never naming a secret. */
    final class UnknownTargetException extends RuntimeException {
        public UnknownTargetException(String message) {
            super(message, null, false, false);
        }
    }
}
