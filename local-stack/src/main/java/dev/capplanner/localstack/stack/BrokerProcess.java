package dev.capplanner.localstack.stack;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * The local stack's Kafka broker ({@link BrokerMain}) as a separate JVM: what the launcher asks of it
 * (topics, an admin client, a restart); the load finds it by its port to measure its CPU and memory.
 * Its JVM runs with the flags of Kafka's own start script, with a smaller heap.
 */
public final class BrokerProcess implements StackKafka {

    /** Kafka's start script: G1 with short pauses; its 1 GiB heap is more than one machine's demo needs. */
    private static final List<String> JVM_FLAGS = List.of("-Xms128m", "-Xmx512m", "-XX:+UseG1GC",
            "-XX:MaxGCPauseMillis=20", "-XX:InitiatingHeapOccupancyPercent=35", "-XX:+ExplicitGCInvokesConcurrent");
    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

    private final Process process;
    private final PrintWriter commands;
    private final BlockingQueue<String> answers;
    private final String bootstrapServers;
    private final Path log;

    private BrokerProcess(Process process, PrintWriter commands, BlockingQueue<String> answers, String bootstrapServers,
                          Path log) {
        this.process = process;
        this.commands = commands;
        this.answers = answers;
        this.bootstrapServers = bootstrapServers;
        this.log = log;
    }

    /** Starts the broker on {@code port} (0: its own choice) with its log in {@code dataDir}; returns once it serves. */
    public static BrokerProcess start(int port, Path dataDir, Path log) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(JVM_FLAGS);
        command.add("-cp");
        command.add(absolute(System.getProperty("java.class.path")));
        command.add(BrokerMain.class.getName());
        command.add(Integer.toString(port));
        command.add(dataDir.toString());
        try {
            Process process = new ProcessBuilder(command).redirectError(log.toFile()).start();
            BlockingQueue<String> answers = drained(process);
            PrintWriter commands = new PrintWriter(process.getOutputStream(), true, StandardCharsets.UTF_8);
            String ready = awaitLine(process, answers, BrokerMain.READY, log);
            return new BrokerProcess(process, commands, answers, ready.substring(BrokerMain.READY.length()), log);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the Kafka broker", e);
        }
    }

    /** Its stdout, read all along on a thread of its own (so the pipe never fills), line by line. */
    private static BlockingQueue<String> drained(Process process) {
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                    lines.add(line);
                }
            } catch (IOException e) {
                // the process is gone: the waiting side notices by its exit
            }
        }, "kafka-broker-answers");
        reader.setDaemon(true);
        reader.start();
        return lines;
    }

    private static String awaitLine(Process process, BlockingQueue<String> answers, String prefix, Path log) {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        try {
            while (System.nanoTime() < deadline) {
                String line = answers.poll(200, TimeUnit.MILLISECONDS);
                if (line != null && line.startsWith(prefix)) {
                    return line;
                }
                if (line != null && line.startsWith(BrokerMain.FAILED)) {
                    throw new IllegalStateException("the Kafka broker " + line + "; its log: " + log);
                }
                if (line == null && !process.isAlive()) {
                    throw new IllegalStateException("the Kafka broker exited with status " + process.exitValue()
                            + "; its log: " + log);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        process.destroyForcibly();
        throw new IllegalStateException("the Kafka broker did not answer within " + START_TIMEOUT.toSeconds()
                + " s; its log: " + log);
    }

    /** The classpath with every entry absolute, whatever directory the broker is started from. */
    private static String absolute(String classPath) {
        return Arrays.stream(classPath.split(File.pathSeparator))
                .map(entry -> Path.of(entry).toAbsolutePath().toString())
                .collect(Collectors.joining(File.pathSeparator));
    }

    @Override
    public String bootstrapServers() {
        return bootstrapServers;
    }

    /** Stops the broker (its log kept) and starts it again on the same ports after {@code down}. */
    @Override
    public synchronized void restart(Duration down) throws InterruptedException {
        commands.println("restart " + down.toMillis());
        awaitLine(process, answers, BrokerMain.RESTARTED, log);
    }

    @Override
    public void close() {
        commands.println("stop");
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
