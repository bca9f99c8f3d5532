package dev.capplanner.eventbus.warmup;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.eventbus.warmup.WarmUp.Phase;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.health.HealthCheckResponse.Status;
import org.junit.jupiter.api.Test;

class StartupWarmUpTest {

    private final List<String> ran = new ArrayList<>();

    private WarmUp step(String name, Phase phase, int passes, boolean fails) {
        return new WarmUp() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public void pass() {
                ran.add(name);
                if (fails) {
                    throw new IllegalStateException("the secret value 4111 1111 1111 1111 was refused");
                }
            }

            @Override
            public int passes() {
                return passes;
            }

            @Override
            public Phase phase() {
                return phase;
            }

            @Override
            public void listensOn(int port) {
                ran.add(name + " on " + port);
            }
        };
    }

    @Test
    void eachStepRunsItsPassesAndAFailingOneNeitherStopsTheOthersNorQuotesItsMessage() {
        List<StartupWarmUp.Result> results = StartupWarmUp.run(List.of(step("a", Phase.BEFORE_CONSUMERS, 3, false),
                step("b", Phase.BEFORE_CONSUMERS, 5, true), step("c", Phase.BEFORE_CONSUMERS, 2, false)));

        assertThat(ran).containsExactly("a", "a", "a", "b", "c", "c");
        assertThat(results).extracting(StartupWarmUp.Result::failure).containsExactly(null, "IllegalStateException", null);
    }

    @Test
    void readinessWaitsForEveryPhaseThatHasAStepAndOnlyThose() {
        StartupWarmUp warmUp = new StartupWarmUp(true, List.of(step("codec", Phase.BEFORE_CONSUMERS, 1, false),
                step("endpoints", Phase.HTTP_LISTENING, 1, false)));
        assertThat(warmUp.call().getStatus()).isEqualTo(Status.DOWN);

        warmUp.beforeConsumers(null);
        warmUp.connectorsStarted(null);
        assertThat(warmUp.call().getStatus()).as("the HTTP phase has a step still to run").isEqualTo(Status.DOWN);

        warmUp.httpListening(new io.quarkus.vertx.http.HttpServerStart(new io.vertx.core.http.HttpServerOptions()
                .setPort(18081)));
        assertThat(warmUp.call().getStatus()).isEqualTo(Status.UP);
        assertThat(ran).containsExactly("codec", "endpoints on 18081", "endpoints");
    }

    @Test
    void aFailedStepStillLetsTheServiceBecomeReady() {
        StartupWarmUp warmUp = new StartupWarmUp(true, List.of(step("fetch", Phase.BEFORE_CONSUMERS, 1, true)));
        warmUp.beforeConsumers(null);
        assertThat(warmUp.call().getStatus()).isEqualTo(Status.UP);
    }

    @Test
    void switchedOffItRunsNothingAndIsReadyOnceStarted() {
        StartupWarmUp warmUp = new StartupWarmUp(false, List.of(step("codec", Phase.BEFORE_CONSUMERS, 1, false),
                step("kafka", Phase.CONNECTORS_STARTED, 1, false)));
        warmUp.beforeConsumers(null);
        assertThat(warmUp.call().getStatus()).isEqualTo(Status.DOWN);
        warmUp.connectorsStarted(null);
        assertThat(ran).isEmpty();
        assertThat(warmUp.call().getStatus()).isEqualTo(Status.UP);
    }
}
