package dev.capplanner.snapshot.rest;

import dev.capplanner.contracts.SampleEvents;
import dev.capplanner.contracts.snapshotservice.AuthorizationQuestion;
import dev.capplanner.eventbus.snapshots.SnapshotServiceApi;
import dev.capplanner.eventbus.snapshots.SnapshotServiceConnections;
import dev.capplanner.eventbus.trust.ServiceCredentials;
import dev.capplanner.eventbus.warmup.WarmUp;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * The two endpoints every turn waits on, asked over this service's own HTTP port once it listens:
 * a snapshot by hash (the sample's made-up hash, which is not stored) and the last-mile
 * authorization for the sample run. Both only read. They are asked without a credential, as this
 * service holds no caller's key: the internal API guard refuses them (401), which still warms the
 * HTTP stack, the guard and the problem answer; the resources' own reads are warmed by the
 * snapshot stage's warm-up. Where no guard stands, the resource answers (404, 200).
 */
@ApplicationScoped
public class RegistryEndpointsWarmUp implements WarmUp {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private volatile int port;
    private volatile SnapshotServiceApi own;

    @Override
    public String name() {
        return "registry-endpoints";
    }

    @Override
    public Phase phase() {
        return Phase.HTTP_LISTENING;
    }

    @Override
    public void listensOn(int port) {
        this.port = port;
    }

    @Override
    public void pass() {
        if (port == 0) {
            return; // a random port is not reported
        }
        if (own == null) {
            own = SnapshotServiceConnections.connect("http://127.0.0.1:" + port, TIMEOUT, ServiceCredentials.NONE);
        }
        expect(Set.of(401, 404), own.snapshot(SampleEvents.SNAPSHOT.hash()).await().atMost(TIMEOUT).getStatus());
        AuthorizationQuestion question = new AuthorizationQuestion(SampleEvents.RUN.tenantId(),
                SampleEvents.RUN.projectId(), new AuthorizationQuestion.Asker(SampleEvents.RUN.principal().userId(),
                        List.of()), SampleEvents.CUSTOMERS_SEARCH.name());
        expect(Set.of(401, 200), own.authorize(question).await().atMost(TIMEOUT).getStatus());
    }

    private static void expect(Set<Integer> statuses, int answered) {
        if (!statuses.contains(answered)) {
            throw new IllegalStateException("answered HTTP " + answered + ", not one of " + statuses);
        }
    }
}
