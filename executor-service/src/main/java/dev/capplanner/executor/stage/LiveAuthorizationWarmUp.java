package dev.capplanner.executor.stage;

import dev.capplanner.contracts.SampleEvents;
import dev.capplanner.contracts.events.PlanProposed;
import dev.capplanner.eventbus.warmup.WarmUp;
import dev.capplanner.executor.client.SnapshotServiceClient;
import dev.capplanner.executor.mapping.ExecutionEvents;
import dev.capplanner.executor.request.ExecutionRequest;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The last-mile check's question to the registry, asked for the sample run (whatever the registry
 * answers; asking changes nothing): the HTTP client opens its connection and the registry's answer is
 * read before any real call waits on it.
 */
@ApplicationScoped
public class LiveAuthorizationWarmUp implements WarmUp {

    private static final long ANSWER_WAIT_SECONDS = 5;

    private final SnapshotServiceClient registry;

    public LiveAuthorizationWarmUp(SnapshotServiceClient registry) {
        this.registry = registry;
    }

    @Override
    public String name() {
        return "live-authorization";
    }

    @Override
    public int passes() {
        return 3;
    }

    @Override
    public void pass() throws Exception {
        ExecutionRequest request = ExecutionEvents.request(SampleEvents.of(PlanProposed.class),
                List.of(SampleEvents.CUSTOMERS_SEARCH));
        registry.authorize(request.run(), request.principal(), SampleEvents.CUSTOMERS_SEARCH.name())
                .toCompletableFuture().get(ANSWER_WAIT_SECONDS, TimeUnit.SECONDS);
    }
}
