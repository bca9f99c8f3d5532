package dev.capplanner.localstack.stack;

import dev.capplanner.embedded.kafka.EmbeddedKafkaBroker;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The local stack's Kafka broker in a process of its own ({@link BrokerProcess} starts it), so that
 * its CPU and memory are its own figures, apart from the launcher's. Arguments: the client port (0:
 * its own choice) and the storage directory. It prints {@code ready <bootstrap servers>} once it
 * serves, then reads commands on stdin: {@code restart <millis>} stops the broker (its log kept) and
 * starts it again on the same ports after that long ({@code restarted} when done, {@code failed
 * <error>} and an exit when it cannot); {@code stop}, or
 * the end of stdin (the launcher gone), stops it and exits.
 */
public final class BrokerMain {

    static final String READY = "ready ";
    static final String RESTARTED = "restarted";
    static final String FAILED = "failed ";

    private BrokerMain() {
    }

    public static void main(String[] args) throws Exception {
        // stdout carries this protocol alone: whatever a library prints there (log4j's default console
        // appender, say) goes to stderr, the broker's log, so the launcher's pipe never fills unread.
        PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err);
        java.util.logging.Logger.getLogger("").setLevel(java.util.logging.Level.WARNING);
        if (args.length != 2) {
            System.err.println("usage: BrokerMain <port> <storage directory>");
            System.exit(2);
        }
        EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start(Integer.parseInt(args[0]), Path.of(args[1]));
        Runtime.getRuntime().addShutdownHook(new Thread(broker::close, "broker-stop"));
        protocol.println(READY + broker.bootstrapServers());
        BufferedReader commands = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = commands.readLine(); line != null && !line.equals("stop"); line = commands.readLine()) {
            if (line.startsWith("restart ")) {
                try {
                    broker.restart(Duration.ofMillis(Long.parseLong(line.substring("restart ".length()).trim())));
                    protocol.println(RESTARTED);
                } catch (Exception | LinkageError e) {
                    // The launcher waits for an answer: it gets one, and the broker's threads do not
                    // keep a process alive that no longer serves.
                    protocol.println(FAILED + e.getClass().getSimpleName());
                    e.printStackTrace();
                    System.exit(1);
                }
            }
        }
        System.exit(0);
    }
}
