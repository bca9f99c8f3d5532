package dev.capplanner.localstack.stack;

import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

/**
 * A minimal OTLP/HTTP (protobuf) trace receiver: remembers, per trace id, which services sent
 * spans. It lets the stack prove that one trace spans all five services for a turn, and keeps the
 * spans of a watched trace whole, to show where a turn's time went.
 */
public final class OtlpTraceReceiver implements AutoCloseable {

    private static final String RECEIVER_THREAD = "otlp-trace-receiver";
    /** The JDK HTTP server's accepting thread. */
    private static final String DISPATCHER_THREAD = "HTTP-Dispatcher";

    private final HttpServer server;
    private final Map<String, Set<String>> servicesByTrace = new ConcurrentHashMap<>();
    /** Spans kept whole only for the traces someone watches (a load run's first turn), not for every turn. */
    private final Map<String, List<TimedSpan>> watched = new ConcurrentHashMap<>();

    /** One span of a watched trace: who, what, and when (Unix epoch nanoseconds). */
    public record TimedSpan(String service, String name, long startEpochNanos, long endEpochNanos) {
    }

    public OtlpTraceReceiver(int port) {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot listen for traces on port " + port, e);
        }
        server.createContext("/", exchange -> {
            try (InputStream body = exchange.getRequestBody()) {
                record(ExportTraceServiceRequest.parseFrom(body));
                exchange.getResponseHeaders().add("Content-Type", "application/x-protobuf");
                exchange.sendResponseHeaders(200, -1);
            } catch (IOException e) {
                exchange.sendResponseHeaders(400, -1);
            } finally {
                exchange.close();
            }
        });
        server.setExecutor(Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, RECEIVER_THREAD);
            thread.setDaemon(true);
            return thread;
        }));
        server.start();
    }

    /** The CPU time of the receiver's own threads so far (its share of this JVM). */
    public Duration cpuTime() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long nanos = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals(RECEIVER_THREAD) || t.getName().equals(DISPATCHER_THREAD))
                .mapToLong(t -> Math.max(0, threads.getThreadCpuTime(t.getId()))).sum();
        return Duration.ofNanos(nanos);
    }

    private void record(ExportTraceServiceRequest request) {
        for (ResourceSpans resource : request.getResourceSpansList()) {
            String service = resource.getResource().getAttributesList().stream()
                    .filter(a -> a.getKey().equals("service.name"))
                    .map(KeyValue::getValue)
                    .map(v -> v.getStringValue())
                    .findFirst().orElse("unknown");
            for (ScopeSpans scope : resource.getScopeSpansList()) {
                for (Span span : scope.getSpansList()) {
                    String traceId = HexFormat.of().formatHex(span.getTraceId().toByteArray());
                    servicesByTrace.computeIfAbsent(traceId, t -> ConcurrentHashMap.newKeySet()).add(service);
                    List<TimedSpan> spans = watched.get(traceId);
                    if (spans != null) {
                        spans.add(new TimedSpan(service, span.getName(), span.getStartTimeUnixNano(),
                                span.getEndTimeUnixNano()));
                    }
                }
            }
        }
    }

    /** The port it listens on (the one it was given, or the ephemeral one it bound for 0). */
    public int port() {
        return server.getAddress().getPort();
    }

    /** Keeps every span of this trace from now on. */
    public void watch(String traceId) {
        watched.putIfAbsent(traceId, new CopyOnWriteArrayList<>());
    }

    /** The spans of a watched trace, by start time. */
    public List<TimedSpan> spansOf(String traceId) {
        return watched.getOrDefault(traceId, List.of()).stream()
                .sorted(Comparator.comparingLong(TimedSpan::startEpochNanos)).toList();
    }

    public Set<String> servicesOf(String traceId) {
        return Set.copyOf(servicesByTrace.getOrDefault(traceId, Set.of()));
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
