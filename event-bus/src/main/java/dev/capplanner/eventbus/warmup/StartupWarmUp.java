package dev.capplanner.eventbus.warmup;

import dev.capplanner.eventbus.warmup.WarmUp.Phase;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.vertx.http.HttpServerStart;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.ObservesAsync;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;
import org.jboss.logging.Logger;

/**
 * Runs every {@link WarmUp} of the service in its {@link Phase}: its stage's code before the
 * messaging connectors start (they start at priority 1000), so the first record a consumer takes
 * finds that code loaded and compiled; the Kafka client's first-use work right after they start;
 * requests to itself once its HTTP server listens. Readiness stays down until every phase that has a
 * step is done. A warm-up that fails (say the snapshot service is not up yet) is logged and skipped:
 * it only costs the first turn time, so it never fails the start.
 */
@Readiness
@ApplicationScoped
public class StartupWarmUp implements HealthCheck {

    static final int DEFAULT_PASSES = 40;
    private static final Logger LOG = Logger.getLogger(StartupWarmUp.class);

    private final boolean enabled;
    private final List<WarmUp> warmUps;
    private final Set<Phase> pending;

    @Inject
    public StartupWarmUp(WarmUpConfig config, Instance<WarmUp> warmUps) {
        this(config.enabled(), warmUps.stream().toList());
    }

    StartupWarmUp(boolean enabled, List<WarmUp> warmUps) {
        this.enabled = enabled;
        this.warmUps = warmUps.stream().sorted(Comparator.comparing(WarmUp::name)).toList();
        Set<Phase> phases = EnumSet.noneOf(Phase.class);
        warmUps.forEach(step -> phases.add(step.phase()));
        this.pending = Collections.synchronizedSet(phases);
    }

    void beforeConsumers(@Observes @Priority(900) StartupEvent started) {
        runPhase(Phase.BEFORE_CONSUMERS);
    }

    void connectorsStarted(@Observes @Priority(1100) StartupEvent started) {
        runPhase(Phase.CONNECTORS_STARTED);
    }

    /** Fired asynchronously once the server listens, so the requests to it are not made on its own threads. */
    void httpListening(@ObservesAsync HttpServerStart listening) {
        int port = listening.options().getPort();
        warmUps.stream().filter(step -> step.phase() == Phase.HTTP_LISTENING).forEach(step -> step.listensOn(port));
        runPhase(Phase.HTTP_LISTENING);
    }

    void runPhase(Phase phase) {
        List<WarmUp> steps = warmUps.stream().filter(step -> step.phase() == phase).toList();
        if (!steps.isEmpty()) {
            if (enabled) {
                run(steps);
            } else {
                LOG.infof("warm_up skipped (capplanner.warm-up.enabled=false) phase=%s steps=%d", phase, steps.size());
            }
        }
        pending.remove(phase);
    }

    static List<Result> run(List<WarmUp> steps) {
        long began = System.nanoTime();
        List<Result> results = new ArrayList<>();
        for (WarmUp step : steps) {
            Result result = runStep(step);
            results.add(result);
            if (result.failure() == null) {
                LOG.infof("warm_up step=%s passes=%d ms=%d", step.name(), step.passes(), result.millis());
            } else {
                LOG.warnf("warm_up_failed step=%s ms=%d error=%s (the first turn pays for it)", step.name(),
                        result.millis(), result.failure());
            }
        }
        LOG.infof("warm_up_done steps=%d ms=%d", steps.size(), (System.nanoTime() - began) / 1_000_000);
        return results;
    }

    private static Result runStep(WarmUp step) {
        long began = System.nanoTime();
        try {
            for (int pass = 0; pass < step.passes(); pass++) {
                step.pass();
            }
            return new Result(step.name(), (System.nanoTime() - began) / 1_000_000, null);
        } catch (Exception | LinkageError e) {
            // Named by class only: a failure's message may quote what the pass was given.
            return new Result(step.name(), (System.nanoTime() - began) / 1_000_000, e.getClass().getSimpleName());
        }
    }

    /** One step's outcome: how long it took and, when it failed, the exception's class. */
    record Result(String step, long millis, String failure) {
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("warm-up").status(pending.isEmpty()).build();
    }
}
