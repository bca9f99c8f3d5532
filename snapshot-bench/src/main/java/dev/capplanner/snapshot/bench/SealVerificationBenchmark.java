package dev.capplanner.snapshot.bench;

import dev.capplanner.contracts.SampleEvents;
import dev.capplanner.contracts.events.ActionsExecuted;
import dev.capplanner.contracts.events.PlanProposed;
import dev.capplanner.contracts.events.RouteSelected;
import dev.capplanner.contracts.events.ShadowCompared;
import dev.capplanner.contracts.events.SnapshotBuilt;
import dev.capplanner.contracts.events.SnapshotRef;
import dev.capplanner.contracts.trust.FactSeals;
import dev.capplanner.contracts.trust.PlanSeals;
import dev.capplanner.contracts.trust.SealKeyRing;
import dev.capplanner.contracts.trust.SnapshotSeals;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the seals a turn carries cost, besides its principal token ({@link PrincipalVerificationBenchmark}):
 * the snapshot seal (verified by the router, the planner and the executor), the snapshot event's seal
 * (made by the snapshot service, verified by the router), the plan seal (made by
 * the planner, verified by the executor), the route (sealed by the router, verified by the planner),
 * and the sealed facts the promotion gate counts: the planner's comparison and the executor's
 * observation, each sealed by its producer and verified by the report service. Over the sample events the services warm up with. Sample mode, 3 x 2 s
 * warm-up, 5 x 2 s measurement, one fork.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class SealVerificationBenchmark {

    SnapshotSeals snapshotSeals;
    SnapshotRef snapshot;
    FactSeals snapshotEventSeals;
    SnapshotBuilt snapshotEvent;
    SnapshotBuilt unsealedSnapshotEvent;
    PlanSeals planSeals;
    PlanProposed plan;
    FactSeals routeSeals;
    RouteSelected route;
    RouteSelected unsealedRoute;
    FactSeals comparisonSeals;
    ShadowCompared comparison;
    ShadowCompared unsealedComparison;
    FactSeals observationSeals;
    ActionsExecuted observation;
    ActionsExecuted unsealedObservation;

    @Setup
    public void sealed() {
        snapshotSeals = new SnapshotSeals("s1", Map.of("s1", key("snapshot")));
        ShadowCompared sample = SampleEvents.of(ShadowCompared.class);
        SnapshotRef ref = sample.snapshot();
        snapshot = new SnapshotRef(ref.hash(), ref.sizeBytes(), ref.capabilityCount(), ref.tenantId(), ref.projectId(),
                snapshotSeals.seal(sample.run(), ref.hash()));
        snapshotEventSeals = FactSeals.snapshotEvents(snapshotSeals.keys());
        unsealedSnapshotEvent = SampleEvents.of(SnapshotBuilt.class);
        snapshotEvent = snapshotEventSeals.sealed(unsealedSnapshotEvent);
        planSeals = new PlanSeals(new SealKeyRing("p1", Map.of("p1", key("plan"))));
        PlanProposed samplePlan = SampleEvents.of(PlanProposed.class);
        plan = samplePlan.withSeal(planSeals.seal(samplePlan));
        routeSeals = FactSeals.routes(new SealKeyRing("r1", Map.of("r1", key("route"))));
        unsealedRoute = SampleEvents.of(RouteSelected.class);
        route = routeSeals.sealed(unsealedRoute);
        comparisonSeals = FactSeals.comparisons(new SealKeyRing("c1", Map.of("c1", key("comparison"))));
        unsealedComparison = sample;
        comparison = comparisonSeals.sealed(sample);
        observationSeals = FactSeals.observations(new SealKeyRing("o1", Map.of("o1", key("observation"))));
        unsealedObservation = SampleEvents.of(ActionsExecuted.class);
        observation = observationSeals.sealed(unsealedObservation);
        boolean allVerify = snapshotSeals.verify(sample.run(), snapshot).valid()
                && snapshotEventSeals.verify(snapshotEvent).valid() && planSeals.verify(plan).valid()
                && routeSeals.verify(route).valid() && comparisonSeals.verify(comparison).valid()
                && observationSeals.verify(observation).valid();
        if (!allVerify) {
            throw new IllegalStateException("a benchmark seal does not verify");
        }
    }

    @Benchmark
    public SealKeyRing.SealCheck verifySnapshot() {
        return snapshotSeals.verify(unsealedComparison.run(), snapshot);
    }

    @Benchmark
    public SnapshotBuilt sealSnapshotEvent() {
        return snapshotEventSeals.sealed(unsealedSnapshotEvent);
    }

    @Benchmark
    public SealKeyRing.SealCheck verifySnapshotEvent() {
        return snapshotEventSeals.verify(snapshotEvent);
    }

    @Benchmark
    public String sealPlan() {
        return planSeals.seal(plan);
    }

    @Benchmark
    public SealKeyRing.SealCheck verifyPlan() {
        return planSeals.verify(plan);
    }

    @Benchmark
    public RouteSelected sealRoute() {
        return routeSeals.sealed(unsealedRoute);
    }

    @Benchmark
    public SealKeyRing.SealCheck verifyRoute() {
        return routeSeals.verify(route);
    }

    @Benchmark
    public ShadowCompared sealComparison() {
        return comparisonSeals.sealed(unsealedComparison);
    }

    @Benchmark
    public SealKeyRing.SealCheck verifyComparison() {
        return comparisonSeals.verify(comparison);
    }

    @Benchmark
    public ActionsExecuted sealObservation() {
        return observationSeals.sealed(unsealedObservation);
    }

    @Benchmark
    public SealKeyRing.SealCheck verifyObservation() {
        return observationSeals.verify(observation);
    }

    private static byte[] key(String kind) {
        return ("benchmark-" + kind + "-seal-key-of-32-bytes-or-more").getBytes(StandardCharsets.UTF_8);
    }
}
