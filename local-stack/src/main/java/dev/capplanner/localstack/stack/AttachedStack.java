package dev.capplanner.localstack.stack;

import dev.capplanner.contracts.principal.PrincipalTokenSigner;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A stack already running (started by {@code ./run-local.sh} in another terminal, or port-forwarded
 * from a cluster) that a load run publishes to and measures without starting or stopping anything:
 * the broker at {@code --kafka-port}, each app at its port from {@code --base-port}. Where a service
 * runs on this machine its process is found by the port it listens on, so CPU and memory are measured too.
 */
public final class AttachedStack implements LoadTarget {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final String kafka;
    private final int databasePort;
    private final Map<String, Service> apps;
    private final Optional<ReportAccess> reports;
    private final PrincipalTokenSigner turnSigner;

    private AttachedStack(String kafka, int databasePort, Map<String, Service> apps, Optional<ReportAccess> reports,
                          PrincipalTokenSigner turnSigner) {
        this.kafka = kafka;
        this.databasePort = databasePort;
        this.apps = apps;
        this.reports = reports;
        this.turnSigner = turnSigner;
    }

    /**
     * Connects to the stack the options' ports name; fails with what is missing when its broker does
     * not accept connections or a service does not answer ready.
     *
     * @param analystToken a bearer token for the report API (as {@code ./run-local.sh} prints it), when given
     * @param signingKey   the stack's chat-backend signing key (as {@code ./run-local.sh} prints its file)
     */
    public static AttachedStack connect(StackOptions options, Optional<String> analystToken, Path signingKey) {
        String kafka = "127.0.0.1:" + options.kafkaPort();
        try (Socket probe = new Socket()) {
            probe.connect(new InetSocketAddress("127.0.0.1", options.kafkaPort()), 2_000);
        } catch (IOException e) {
            throw new NotRunningException("no Kafka broker at " + kafka + ": start a stack first (./run-local.sh)"
                    + " or give its port (--kafka-port)");
        }
        Map<String, Service> apps = new LinkedHashMap<>();
        options.httpPorts().forEach((name, port) -> {
            Service service = new Service(name, port, options.managementPortOf(name), ListeningProcess.on(port));
            if (!service.isReady()) {
                throw new NotRunningException(name + " is not ready at " + service.managementUrl("/q/health/ready")
                        + ": start a stack first (./run-local.sh) or give its ports (--base-port)");
            }
            apps.put(name, service);
        });
        Optional<ReportAccess> reports = analystToken.map(token ->
                new ReportAccess(apps.get("shadow-report-service").url(""), token));
        return new AttachedStack(kafka, options.postgresPort(), Map.copyOf(apps), reports,
                ChatBackendKey.signerFrom(signingKey));
    }

    @Override
    public String kafkaBootstrapServers() {
        return kafka;
    }

    @Override
    public Map<String, Service> apps() {
        return apps;
    }

    @Override
    public Optional<ReportAccess> reports() {
        return reports;
    }

    @Override
    public Optional<OtlpTraceReceiver> traceReceiver() {
        return Optional.empty();
    }

    @Override
    public PrincipalTokenSigner turnSigner() {
        return turnSigner;
    }

    @Override
    public boolean startedHere() {
        return false;
    }

    @Override
    public int databasePort() {
        return databasePort;
    }

    /** An app of the attached stack: its ports, and its process where it runs on this machine. */
    record Service(String name, int port, int managementPort, Optional<ProcessHandle> process) implements StackService {

        @Override
        public String url(String path) {
            return "http://127.0.0.1:" + port + path;
        }

        @Override
        public String managementUrl(String path) {
            return "http://127.0.0.1:" + managementPort + path;
        }

        @Override
        public boolean isReady() {
            try {
                return HTTP.send(HttpRequest.newBuilder(URI.create(managementUrl("/q/health/ready"))).timeout(Duration.ofSeconds(5))
                        .build(), HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
            } catch (IOException e) {
                return false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }

        @Override
        public Duration cpuTime() {
            return process.flatMap(p -> p.info().totalCpuDuration()).orElse(Duration.ZERO);
        }

        @Override
        public long peakRssMib() {
            return process.map(p -> StackService.peakRssMibOf(p.pid())).orElse(-1L);
        }

        @Override
        public Map<Long, ThreadCpu> threadCpuTimes() {
            return process.map(p -> StackService.threadCpuOf(p.pid())).orElse(Map.of());
        }
    }

    /** Nothing (or not all of it) runs at the ports given: a one-line error, not a stack trace. */
    public static final class NotRunningException extends RuntimeException {
        NotRunningException(String message) {
            super(message);
        }
    }
}
