package dev.capplanner.executor.telemetry;

import dev.capplanner.executor.client.ResilientInvoker;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Set;

/**
 * What an SRE alerts on about the executor's targets and its ledger: {@code
 * capplanner_executor_circuit_open{target}} (1 while a configured target's breaker is open; the
 * registry-named targets together as {@code target="registry"}, a count, their owners kept out of the
 * labels) and {@code capplanner_executor_calls_taken_over_total} (calls this replica took over from a
 * replica whose lease lapsed mid-call, or whose claim outlived the claim timeout).
 */
public final class TargetTelemetry {

    static final String CIRCUIT_OPEN = "capplanner.executor.circuit.open";
    static final String TAKEN_OVER = "capplanner.executor.calls.taken.over";
    /** The label of the registry-named targets' breakers, counted together. */
    public static final String REGISTRY_TARGETS = "registry";

    private TargetTelemetry() {
    }

    public static void watchCircuits(ResilientInvoker invoker, Set<String> configuredTargets, MeterRegistry meters) {
        for (String target : configuredTargets) {
            Gauge.builder(CIRCUIT_OPEN, invoker, watched -> watched.circuitOpen(target) ? 1 : 0)
                    .description("1 while the target's circuit breaker is open: its calls are refused unsent")
                    .tag("target", target).strongReference(true).register(meters);
        }
        Gauge.builder(CIRCUIT_OPEN, invoker, ResilientInvoker::openRegistryCircuits)
                .description("registry-named targets whose circuit breaker is open")
                .tag("target", REGISTRY_TARGETS).strongReference(true).register(meters);
    }

    /** Counts each call claim taken over from another replica (to pass to the ledger). */
    public static Runnable takeovers(MeterRegistry meters) {
        Counter counter = Counter.builder(TAKEN_OVER)
                .description("calls taken over: their claimer's lease lapsed mid-call, or the claim timed out")
                .register(meters);
        return counter::increment;
    }
}
