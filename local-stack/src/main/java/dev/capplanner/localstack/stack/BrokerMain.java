package dev.capplanner.localstack.stack;

import dev.capplanner.embedded.kafka.EmbeddedKafkaBroker;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The local stack's Kafka broker in a process of its own ({@link BrokerProcess} starts it), so that
 * its CPU and memory are its own figures, apart from the launcher's. Arguments: the client port (0:
 * its own choice) and the storage directory. It prints {@code ready <bootstrap servers>} once it
 * serves, then reads commands on stdin: {@code restart <millis>} stops the broker (its log kept) and
 * starts it again on the same ports after that long ({@code restarted} when done); {@code stop}, or
 * the end of stdin (the launcher gone), stops it and exits.
 */
public final class BrokerMain {

    static final String READY = "ready ";
    static final String RESTARTED = "restarted";

    private BrokerMain() {
    }

    public static void main(String[] args) throws Exception {
        java.util.logging.Logger.getLogger("").setLevel(java.util.logging.Level.WARNING);
        if (args.length != 2) {
            System.err.println("usage: BrokerMain <port> <storage directory>");
            System.exit(2);
        }
        EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start(Integer.parseInt(args[0]), Path.of(args[1]));
        Runtime.getRuntime().addShutdownHook(new Thread(broker::close, "broker-stop"));
        System.out.println(READY + broker.bootstrapServers());
        System.out.flush();
        BufferedReader commands = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = commands.readLine(); line != null && !line.equals("stop"); line = commands.readLine()) {
            if (line.startsWith("restart ")) {
                broker.restart(Duration.ofMillis(Long.parseLong(line.substring("restart ".length()).trim())));
                System.out.println(RESTARTED);
                System.out.flush();
            }
        }
        System.exit(0);
    }
}
