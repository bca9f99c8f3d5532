package dev.capplanner.executor.authorization;

import dev.capplanner.executor.request.RunPrincipal;
import dev.capplanner.executor.request.RunScope;
import java.util.concurrent.CompletionStage;

/**
 * Whether an operator has developer troubleshooting on for the run's user (or every user of its
 * tenant) right now; off by default, and off whenever it cannot be told.
 */
@FunctionalInterface
public interface TroubleshootingLookup {

    CompletionStage<Boolean> isOn(RunScope run, RunPrincipal principal);
}
