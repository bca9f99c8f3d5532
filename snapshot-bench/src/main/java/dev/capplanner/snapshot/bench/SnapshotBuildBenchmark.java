package dev.capplanner.snapshot.bench;

import dev.capplanner.snapshot.authorization.AccessPolicy;
import dev.capplanner.snapshot.authorization.Audience;
import dev.capplanner.snapshot.building.CapabilitySnapshot;
import dev.capplanner.snapshot.building.SnapshotBuilder;
import dev.capplanner.snapshot.building.SnapshotCache;
import dev.capplanner.snapshot.registry.RegistryState;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The snapshot service's per-turn work on registries of 100 / 1,000 / 10,000 capabilities in the
 * run's project: {@code cold} decides every capability, sorts, writes canonical JSON and hashes it
 * (a registry change or a new permission set); {@code cached} is a repeat turn of the same
 * permission set at the same revision. Sample mode (p50 and p99), 3 x 2 s warm-up, 5 x 2 s
 * measurement, one fork, as the router benchmarks.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class SnapshotBuildBenchmark {

    @Param({"100", "1000", "10000"})
    int capabilities;

    final Audience agent = new Audience(SyntheticRegistry.TENANT, SyntheticRegistry.PROJECT,
            List.of(SyntheticRegistry.ROLE));
    RegistryState registry;
    SnapshotBuilder builder;
    SnapshotCache cache;

    @Setup
    public void generate() {
        registry = SyntheticRegistry.generate(capabilities, 42);
        builder = new SnapshotBuilder(new AccessPolicy());
        cache = new SnapshotCache(builder, 1024);
        cache.snapshotFor(registry, agent);
    }

    @Benchmark
    public CapabilitySnapshot cold() {
        return builder.build(registry, agent);
    }

    @Benchmark
    public CapabilitySnapshot cached() {
        return cache.snapshotFor(registry, agent);
    }
}
