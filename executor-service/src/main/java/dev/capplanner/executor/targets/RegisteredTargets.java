package dev.capplanner.executor.targets;

import dev.capplanner.contracts.snapshotservice.TargetAnswer;
import dev.capplanner.executor.request.RunScope;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/** The registry's answer for an owner's target, as of now; empty when it names none. */
public interface RegisteredTargets {

    CompletionStage<Optional<TargetAnswer>> lookUp(RunScope owner, String target);
}
