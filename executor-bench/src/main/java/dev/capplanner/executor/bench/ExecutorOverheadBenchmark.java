package dev.capplanner.executor.bench;

import com.sun.net.httpserver.HttpServer;
import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.Endpoint;
import dev.capplanner.contracts.events.Plan;
import dev.capplanner.contracts.events.PlanProposed;
import dev.capplanner.contracts.events.PlannedAction;
import dev.capplanner.contracts.events.Principal;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.SnapshotRef;
import dev.capplanner.executor.authorization.LastMileAuthorizer;
import dev.capplanner.executor.client.HttpToolInvoker;
import dev.capplanner.executor.client.SnapshotServiceClient;
import dev.capplanner.executor.evidence.EvidenceSummarizer;
import dev.capplanner.executor.execution.ExecutionReport;
import dev.capplanner.executor.execution.PlanExecutor;
import dev.capplanner.executor.invocation.ToolResponse;
import dev.capplanner.executor.mapping.ExecutionEvents;
import dev.capplanner.executor.request.ExecutionRequest;
import dev.capplanner.executor.request.ToolEndpoint;
import dev.capplanner.executor.schema.JsonSchemaArgumentCheck;
import dev.capplanner.executor.targets.CallTarget;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The executor's overhead per call: {@code raw} is the physical call alone (the HTTP invoker against
 * a loopback target); {@code executed} is the same call behind everything the executor adds (the
 * last mile's snapshot checks, hidden-argument binding and JSON Schema validation, the live
 * authorization over a warm HTTP connection to a loopback stand-in of the snapshot service, and the
 * evidence envelope). Not included: the call ledger's two PostgreSQL statements and the artifact
 * insert (one round trip each to the database). Sample mode, 3 x 2 s warm-up, 5 x 2 s measurement,
 * one fork. The loopback stand-ins are the JDK's HTTP server, with TCP_NODELAY.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
// The JDK's HTTP server writes headers and body apart: with Nagle on, every loopback answer would wait
// for a delayed ACK (about 40 ms), which measures the stand-ins, not the executor.
@Fork(value = 1, jvmArgsAppend = "-Dsun.net.httpserver.nodelay=true")
public class ExecutorOverheadBenchmark {

    private static final byte[] ORDER = "{\"id\":\"O-5002\",\"status\":\"shipped\",\"total\":42.5}"
            .getBytes(StandardCharsets.UTF_8);
    private static final byte[] ALLOWED = "{\"allowed\":true}".getBytes(StandardCharsets.UTF_8);

    HttpServer loopback;
    HttpToolInvoker invoker;
    PlanExecutor executor;
    ExecutionRequest request;
    ToolEndpoint endpoint;

    @Setup
    public void start() throws IOException {
        loopback = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        loopback.setExecutor(Executors.newFixedThreadPool(2));
        loopback.createContext("/orders/", exchange -> respond(exchange.getResponseBody(), exchange, ORDER));
        loopback.createContext("/authorizations", exchange -> {
            exchange.getRequestBody().readAllBytes();
            respond(exchange.getResponseBody(), exchange, ALLOWED);
        });
        loopback.start();
        String url = "http://127.0.0.1:" + loopback.getAddress().getPort();
        invoker = new HttpToolInvoker(Map.of("orders-api", new CallTarget(url, Duration.ofSeconds(5))));
        executor = new PlanExecutor(new LastMileAuthorizer(java.util.Set.of("orders-api"),
                new SnapshotServiceClient(new LoopbackSnapshotService(url), Duration.ZERO), new JsonSchemaArgumentCheck()), invoker,
                new EvidenceSummarizer());
        endpoint = new ToolEndpoint("orders-api", "GET", "/orders/{orderId}");
        Capability detail = new Capability("api:orders-api/orders.detail", "api", "api:orders-api/order", "order",
                "detail", "One order by its id.", List.of(), true, new Endpoint("orders-api", "GET", "/orders/{orderId}"),
                Map.of("type", "object", "additionalProperties", false, "required", List.of("orderId"),
                        "properties", Map.of("orderId", Map.of("type", "string", "pattern", "^O-[0-9]{4}$"),
                                "tenant", Map.of("type", "string", "x-capplanner-bind", "tenant"))), null);
        RunContext run = new RunContext("run-bench", "turn-bench", 0, "acme", "desk", "conv-bench",
                new Principal("u-1", List.of("agent")));
        PlanProposed plan = new PlanProposed("v1", "e-bench", Instant.now(), run, "capability",
                new SnapshotRef("sha256:" + "0".repeat(64), 1, 1, "acme", "desk", "none"),
                Plan.actions("capability", List.of(new PlannedAction("a1", detail.name(), Map.of("orderId", "O-5002"),
                        List.of()))), null, null);
        request = ExecutionEvents.request(plan, List.of(detail));
    }

    @TearDown
    public void stop() {
        loopback.stop(0);
    }

    @Benchmark
    public ToolResponse raw() {
        return invoker.invoke(endpoint, Map.of("orderId", "O-5002", "tenant", "acme")).toCompletableFuture().join();
    }

    @Benchmark
    public ExecutionReport executed() {
        return executor.execute(request).toCompletableFuture().join();
    }

    private static void respond(OutputStream body, com.sun.net.httpserver.HttpExchange exchange, byte[] bytes)
            throws IOException {
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, bytes.length);
        body.write(bytes);
        exchange.close();
    }
}
