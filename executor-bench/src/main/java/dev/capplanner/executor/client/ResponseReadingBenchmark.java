package dev.capplanner.executor.client;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.Executors;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What reading a tool's answer as a bounded stream costs (issue 32's streaming limit): the same
 * loopback answer read whole into a string ({@code whole}, as the executor did before) and read by
 * {@link BoundedBody} up to the default limit of 4 MiB ({@code bounded}), for a small and a large
 * answer. Average time per read, 3 x 2 s warm-up, 5 x 2 s measurement, one fork; the loopback
 * server is the JDK's, with TCP_NODELAY (without it each answer waits ~40 ms for a delayed ACK).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "-Dsun.net.httpserver.nodelay=true")
public class ResponseReadingBenchmark {

    private static final long DEFAULT_LIMIT = 4L * 1024 * 1024;

    @Param({"2048", "262144"})
    public int answerBytes;

    private HttpServer loopback;
    private HttpClient client;
    private HttpRequest request;

    @Setup
    public void start() throws IOException {
        byte[] answer = ("{\"items\":[" + "{\"id\":\"O-5002\",\"status\":\"shipped\"},".repeat(answerBytes / 34)
                + "{\"id\":\"O-5003\"}]}").getBytes(StandardCharsets.UTF_8);
        loopback = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        loopback.setExecutor(Executors.newFixedThreadPool(2));
        loopback.createContext("/orders", exchange -> {
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, answer.length);
            try (OutputStream body = exchange.getResponseBody()) {
                body.write(answer);
            }
        });
        loopback.start();
        client = HttpClient.newBuilder().build();
        request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + loopback.getAddress().getPort() + "/orders"))
                .GET().build();
    }

    @TearDown
    public void stop() {
        loopback.stop(0);
    }

    @Benchmark
    public String whole() throws Exception {
        return client.send(request, HttpResponse.BodyHandlers.ofString()).body();
    }

    @Benchmark
    public Optional<String> bounded() throws Exception {
        return client.send(request, BoundedBody.upTo(DEFAULT_LIMIT)).body();
    }
}
