package dev.capplanner.localstack.stack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One packaged Quarkus app running as its own JVM, with its log in the stack's work directory. */
public final class ServiceProcess implements StackService, AutoCloseable {

    private static final HttpClient READINESS = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    /** How Quarkus reports the HTTP port it bound, which is how a port of 0 becomes known. */
    private static final Pattern LISTENING = Pattern.compile("Listening on: http://[^:]+:(\\d+)");
    /** The same for the management interface (health and metrics), where the app has one. */
    private static final Pattern MANAGEMENT_LISTENING = Pattern.compile("Management interface listening on http://[^:]+:(\\d+)");

    private final String name;
    private volatile int port;
    /** The management interface's port (0 until said), or empty when health and metrics are on {@link #port}. */
    private volatile OptionalInt managementPort;
    private final Path log;
    private final Process process;
    private final JvmProfile jvm;

    private ServiceProcess(String name, int port, OptionalInt managementPort, Path log, Process process, JvmProfile jvm) {
        this.name = name;
        this.port = port;
        this.managementPort = managementPort;
        this.log = log;
        this.process = process;
        this.jvm = jvm;
    }

    /** Its management interface's port (0 until said), or empty for an app without one. */
    public OptionalInt managementPort() {
        return managementPort;
    }

    /** The port it listens on (0 until an app started on port 0 has said which). */
    public int port() {
        return port;
    }

    /**
     * Kills the process without warning (SIGKILL: no shutdown hook, no consumer leaving its group, no
     * offset committed) and starts the same app again on the same port, logging to a new file.
     */
    public ServiceProcess killAndRestart(Path app, Map<String, String> config, Path logDir, int restart) {
        process.destroyForcibly();
        try {
            process.waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return start(name, app, port, managementPort, config, logDir, name + "-restart-" + restart + ".log", jvm);
    }

    /**
     * @param managementPort the port of the app's management interface (health, metrics; 0: its own
     *                       choice), or empty for an app without one
     */
    public static ServiceProcess start(String name, Path app, int port, OptionalInt managementPort,
                                       Map<String, String> config, Path logDir, JvmProfile jvm) {
        return start(name, app, port, managementPort, config, logDir, name + ".log", jvm);
    }

    /** Settings passed in the environment, never as a {@code -D} argument. */
    static final java.util.Set<String> ENVIRONMENT_ONLY = java.util.Set.of("quarkus.datasource.password",
            ModelEndpoint.API_KEY);

    /**
     * Each setting as a {@code -D} argument, but a password or key of one's own (an external database's, a model's) in
     * the environment: a command line is readable by any local user (ps, /proc), and Quarkus reads
     * {@code QUARKUS_DATASOURCE_PASSWORD} as it reads the property.
     */
    static void passConfig(Map<String, String> config, List<String> command, Map<String, String> environment) {
        config.forEach((key, value) -> {
            if (ENVIRONMENT_ONLY.contains(key)) {
                environment.put(key.toUpperCase(java.util.Locale.ROOT).replaceAll("[^A-Z0-9]", "_"), value);
            } else {
                command.add("-D" + key + "=" + value);
            }
        });
    }

    private static ServiceProcess start(String name, Path app, int port, OptionalInt managementPort,
                                        Map<String, String> config, Path logDir, String logName, JvmProfile jvm) {
        if (!Files.isReadable(app)) {
            throw new IllegalStateException(app + " is missing: build first (./mvnw -DskipTests package)");
        }
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvm.flags(name));
        command.add("-Dquarkus.http.port=" + port);
        command.add("-Dquarkus.http.host=127.0.0.1");
        managementPort.ifPresent(management -> {
            command.add("-Dquarkus.management.port=" + management);
            command.add("-Dquarkus.management.host=127.0.0.1");
        });
        Map<String, String> environment = new java.util.HashMap<>();
        passConfig(config, command, environment);
        command.add("-jar");
        command.add(app.toString());
        Path log = logDir.resolve(logName);
        try {
            ProcessBuilder builder = new ProcessBuilder(command);
            builder.environment().putAll(environment);
            Process process = builder.redirectErrorStream(true).redirectOutput(log.toFile()).start();
            return new ServiceProcess(name, port, managementPort, log, process, jvm);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + name, e);
        }
    }

    /**
     * Waits for {@code /q/health/ready} to answer 200 (UP); an app started on port 0 is first
     * waited for until its log says which ports it bound.
     */
    public void awaitReady(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited with status " + process.exitValue() + "; its log:\n" + tail());
            }
            if (port == 0 || managementPort.orElse(-1) == 0) {
                port = port == 0 ? boundPort(LISTENING) : port;
                if (managementPort.isPresent() && managementPort.getAsInt() == 0) {
                    managementPort = OptionalInt.of(boundPort(MANAGEMENT_LISTENING));
                }
                if (port == 0 || managementPort.orElse(-1) == 0) {
                    sleep(200);
                    continue;
                }
            }
            if (isReady()) {
                return;
            }
            if (Thread.currentThread().isInterrupted()) {
                throw new IllegalStateException("interrupted while waiting for " + name);
            }
            sleep(200);
        }
        throw new IllegalStateException(name + " was not ready within " + timeout.toSeconds() + " s; its log:\n" + tail());
    }

    /** Whether {@code /q/health/ready} answers 200 (UP) now; not listening (yet, or any more) is not ready. */
    @Override
    public boolean isReady() {
        HttpRequest ready = HttpRequest.newBuilder(URI.create(managementUrl("/q/health/ready")))
                .timeout(Duration.ofSeconds(2)).build();
        try {
            return READINESS.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private int boundPort(Pattern listeningLine) {
        try {
            Matcher listening = listeningLine.matcher(Files.readString(log));
            return listening.find() ? Integer.parseInt(listening.group(1)) : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    @Override
    public String url(String path) {
        return "http://127.0.0.1:" + port + path;
    }

    @Override
    public String managementUrl(String path) {
        return "http://127.0.0.1:" + managementPort.orElse(port) + path;
    }

    @Override
    public String name() {
        return name;
    }

    /** The last lines of the log, for an error message. */
    public String tail() {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    /** Asks the app to shut down without waiting, so that several apps stop in parallel. */
    @Override
    public java.time.Duration cpuTime() {
        return process.info().totalCpuDuration().orElse(java.time.Duration.ZERO);
    }

    @Override
    public long peakRssMib() {
        return StackService.peakRssMibOf(process.pid());
    }

    @Override
    public Map<Long, ThreadCpu> threadCpuTimes() {
        return StackService.threadCpuOf(process.pid());
    }

    public void requestStop() {
        process.destroy();
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
