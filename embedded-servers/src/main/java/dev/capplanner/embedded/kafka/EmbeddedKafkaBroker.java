package dev.capplanner.embedded.kafka;

import dev.capplanner.embedded.LoopbackPorts;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import kafka.tools.StorageTool;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.utils.Time;

/**
 * A real single-node Kafka broker (KRaft combined mode) inside this JVM, from Apache Kafka's own
 * artifacts: no Docker, ready in a few seconds. Its storage lives in a directory it deletes on close.
 *
 * <p>Asked for port 0, the client listener binds an ephemeral port itself (no pick-then-bind race);
 * the controller listener cannot, because the quorum's address is part of the configuration it
 * starts with, so its port is picked and the start retried if that port is taken meanwhile.
 */
public final class EmbeddedKafkaBroker implements AutoCloseable {

    private volatile KafkaRaftServer server;
    private final Properties restartConfig;
    private final Path dataDir;
    private final boolean ownsDataDir;
    private final String bootstrapServers;

    private EmbeddedKafkaBroker(KafkaRaftServer server, Properties restartConfig, Path dataDir, boolean ownsDataDir,
                                String bootstrapServers) {
        this.server = server;
        this.restartConfig = restartConfig;
        this.dataDir = dataDir;
        this.ownsDataDir = ownsDataDir;
        this.bootstrapServers = bootstrapServers;
    }

    /** Starts a broker on an ephemeral port with storage in a fresh temporary directory. */
    public static EmbeddedKafkaBroker start() {
        return start(0, null);
    }

    /**
     * @param port    the client port, or 0 for an ephemeral one
     * @param dataDir where to keep the log (created, and deleted on close when null was passed)
     */
    public static EmbeddedKafkaBroker start(int port, Path dataDir) {
        boolean owns = dataDir == null;
        Path dir;
        try {
            dir = owns ? Files.createTempDirectory("capplanner-kafka-") : Files.createDirectories(dataDir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare Kafka storage", e);
        }
        return LoopbackPorts.startOn(0, controllerPort -> startWith(port, controllerPort, dir, owns));
    }

    private static EmbeddedKafkaBroker startWith(int port, int controllerPort, Path dir, boolean owns) {
        Path storage = dir.resolve("controller-" + controllerPort);
        Properties props = config(port, controllerPort, storage);
        KafkaRaftServer server;
        try {
            format(props, storage);
            server = new KafkaRaftServer(new KafkaConfig(props), Time.SYSTEM);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare Kafka storage", e);
        }
        try {
            server.startup();
        } catch (RuntimeException e) {
            server.shutdown();
            throw e;
        }
        int clientPort = BoundPorts.clientPort(server);
        // Started again, it must listen where its clients already look, even if port 0 was asked for.
        Properties restartConfig = config(clientPort, controllerPort, storage);
        EmbeddedKafkaBroker broker = new EmbeddedKafkaBroker(server, restartConfig, dir, owns, "127.0.0.1:" + clientPort);
        broker.awaitReady(Duration.ofSeconds(60));
        return broker;
    }

    /**
     * Stops the broker (its log, offsets and metadata kept) and, after {@code down}, starts it again
     * on the same ports: what its clients see when a broker restarts.
     */
    public synchronized void restart(Duration down) throws InterruptedException {
        server.shutdown();
        server.awaitShutdown();
        Thread.sleep(down.toMillis());
        KafkaRaftServer again = new KafkaRaftServer(new KafkaConfig(restartConfig), Time.SYSTEM);
        again.startup();
        server = again;
        awaitReady(Duration.ofSeconds(60));
    }

    private static Properties config(int brokerPort, int controllerPort, Path dir) {
        Properties props = new Properties();
        props.put("process.roles", "broker,controller");
        props.put("node.id", "1");
        props.put("controller.quorum.voters", "1@127.0.0.1:" + controllerPort);
        props.put("listeners", "PLAINTEXT://127.0.0.1:" + brokerPort + ",CONTROLLER://127.0.0.1:" + controllerPort);
        props.put("controller.listener.names", "CONTROLLER");
        props.put("inter.broker.listener.name", "PLAINTEXT");
        props.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        props.put("log.dirs", dir.resolve("log").toString());
        props.put("num.partitions", "3");
        props.put("auto.create.topics.enable", "true");
        props.put("offsets.topic.replication.factor", "1");
        props.put("offsets.topic.num.partitions", "3");
        props.put("transaction.state.log.replication.factor", "1");
        props.put("transaction.state.log.min.isr", "1");
        props.put("share.coordinator.state.topic.replication.factor", "1");
        props.put("share.coordinator.state.topic.min.isr", "1");
        props.put("group.initial.rebalance.delay.ms", "0");
        return props;
    }

    private static void format(Properties props, Path dir) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve("server.properties");
        try (var out = Files.newOutputStream(file)) {
            props.store(out, "embedded broker");
        }
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        int status = StorageTool.execute(new String[] {"format", "-t", UUID.randomUUID().toString().replace("-", "")
                .substring(0, 22), "-c", file.toString()}, new PrintStream(output, true, StandardCharsets.UTF_8));
        if (status != 0) {
            throw new IllegalStateException("formatting Kafka storage failed: " + output);
        }
    }

    private void awaitReady(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        RuntimeException last = null;
        while (System.nanoTime() < deadline) {
            try (Admin admin = admin()) {
                admin.describeCluster().nodes().get(5, TimeUnit.SECONDS);
                return;
            } catch (Exception e) {
                last = new IllegalStateException("Kafka broker not ready at " + bootstrapServers, e);
            }
        }
        throw last != null ? last : new IllegalStateException("Kafka broker not ready");
    }

    public String bootstrapServers() {
        return bootstrapServers;
    }

    public Admin admin() {
        return admin(bootstrapServers);
    }

    /** An admin client of the broker at these bootstrap servers. */
    public static Admin admin(String bootstrapServers) {
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000));
    }

    /** Creates the topics (3 partitions each) unless they exist. */
    public void createTopics(List<String> topics) {
        createTopics(topics, 3);
    }

    /** Creates the topics with this many partitions each, unless they exist. */
    public void createTopics(List<String> topics, int partitions) {
        try (Admin admin = admin()) {
            createTopics(admin, topics, partitions);
        }
    }

    /** Creates the topics with this many partitions each on the admin's cluster, unless they exist. */
    public static void createTopics(Admin admin, List<String> topics, int partitions) {
        createTopics(admin, topics, partitions, topic -> Map.of());
    }

    /**
     * Creates the topics with this many partitions each and each topic's settings on the admin's
     * cluster; a topic that exists keeps its partitions and gets the settings {@code configOf} names
     * (a broker the stack did not start may hold the topics from an older build).
     */
    public static void createTopics(Admin admin, List<String> topics, int partitions,
            Function<String, Map<String, String>> configOf) {
        try {
            for (String topic : topics) {
                Map<String, String> config = configOf.apply(topic);
                try {
                    admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1).configs(config)))
                            .all().get(30, TimeUnit.SECONDS);
                } catch (java.util.concurrent.ExecutionException e) {
                    if (!(e.getCause() instanceof TopicExistsException)) {
                        throw new IllegalStateException("cannot create topic " + topic, e.getCause());
                    }
                    if (!config.isEmpty()) {
                        setConfig(admin, topic, config);
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("topic creation timed out", e);
        }
    }

    private static void setConfig(Admin admin, String topic, Map<String, String> config)
            throws InterruptedException, java.util.concurrent.TimeoutException {
        List<AlterConfigOp> changes = config.entrySet().stream()
                .map(e -> new AlterConfigOp(new ConfigEntry(e.getKey(), e.getValue()), AlterConfigOp.OpType.SET)).toList();
        try {
            admin.incrementalAlterConfigs(Map.of(new ConfigResource(ConfigResource.Type.TOPIC, topic), changes))
                    .all().get(30, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException("cannot set " + config.keySet() + " of topic " + topic, e.getCause());
        }
    }

    @Override
    public void close() {
        server.shutdown();
        server.awaitShutdown();
        if (ownsDataDir) {
            deleteRecursively(dataDir);
        }
    }

    static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
