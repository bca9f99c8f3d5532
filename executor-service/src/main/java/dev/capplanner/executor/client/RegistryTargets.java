package dev.capplanner.executor.client;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.contracts.snapshotservice.TargetAnswer;
import dev.capplanner.contracts.snapshotservice.TargetQuestion;
import dev.capplanner.eventbus.snapshots.SnapshotServiceApi;
import dev.capplanner.executor.request.RunScope;
import dev.capplanner.executor.targets.RegisteredTargets;
import dev.capplanner.executor.targets.TargetDirectory;
import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * Registered call targets from the snapshot service ({@code POST /targets}, scope
 * {@code targets:read}). A 404 names no target; any other answer but a well-formed 200 is a target
 * that cannot be called now (the call fails with that reason, it is not retried here).
 */
public final class RegistryTargets implements RegisteredTargets {

    private final SnapshotServiceApi snapshotService;
    private final ObjectMapper json = new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    public RegistryTargets(SnapshotServiceApi snapshotService) {
        this.snapshotService = snapshotService;
    }

    @Override
    public CompletionStage<Optional<TargetAnswer>> lookUp(RunScope owner, String target) {
        return snapshotService.target(new TargetQuestion(owner.tenantId(), owner.projectId(), target))
                .onFailure().transform(error -> new TargetDirectory.UnknownTargetException("the registry could not "
                        + "name target " + target + " (" + error.getClass().getSimpleName() + ")"))
                .map(response -> {
                    if (response.getStatus() == 404) {
                        return Optional.<TargetAnswer>empty();
                    }
                    if (response.getStatus() != 200) {
                        throw new TargetDirectory.UnknownTargetException("the registry could not name target " + target
                                + " (HTTP " + response.getStatus() + ")");
                    }
                    return Optional.of(answer(response.getEntity(), target));
                })
                .subscribeAsCompletionStage();
    }

    private TargetAnswer answer(byte[] body, String target) {
        try {
            TargetAnswer answer = json.readValue(body, TargetAnswer.class);
            if (answer == null || answer.url() == null || !target.equals(answer.target())) {
                throw new TargetDirectory.UnknownTargetException("the registry's answer for target " + target
                        + " is not about it");
            }
            if (answer.credential() != null && answer.credential().problem() != null) {
                throw new TargetDirectory.UnknownTargetException("the registry's credential for target " + target
                        + " is unusable: " + answer.credential().problem());
            }
            return answer;
        } catch (IOException e) {
            throw new TargetDirectory.UnknownTargetException("the registry's answer for target " + target + " is unreadable");
        }
    }
}
