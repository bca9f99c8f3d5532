package dev.capplanner.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.capplanner.embedded.kafka.EmbeddedKafkaBroker;
import dev.capplanner.embedded.postgres.EmbeddedPostgresServer;
import java.nio.charset.StandardCharsets;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/** The real servers, started as the local stack and the test resources start them. */
class EmbeddedServersTest {

    @Test
    void kafkaBrokerBindsAnEphemeralPortAndCarriesARecordWithItsKeyAndHeaders() throws Exception {
        try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start()) {
            int port = Integer.parseInt(broker.bootstrapServers().substring(broker.bootstrapServers().indexOf(':') + 1));
            assertThat(port).as("the port the broker bound, not 0").isPositive();
            assertThat(LoopbackPorts.isFree(port)).isFalse();
            broker.createTopics(List.of("probe"));
            try (var producer = new KafkaProducer<String, String>(Map.of("bootstrap.servers", broker.bootstrapServers()),
                    new StringSerializer(), new StringSerializer())) {
                ProducerRecord<String, String> record = new ProducerRecord<>("probe", "conv-1", "{\"hello\":1}");
                record.headers().add("ce_id", "e-1".getBytes(StandardCharsets.UTF_8));
                producer.send(record).get();
            }
            List<ConsumerRecord<String, String>> read = new ArrayList<>();
            try (var consumer = new KafkaConsumer<String, String>(Map.of("bootstrap.servers", broker.bootstrapServers(),
                    "group.id", "probe-" + UUID.randomUUID(), "auto.offset.reset", "earliest"),
                    new StringDeserializer(), new StringDeserializer())) {
                consumer.subscribe(List.of("probe"));
                long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                while (read.isEmpty() && System.nanoTime() < deadline) {
                    consumer.poll(Duration.ofMillis(200)).forEach(read::add);
                }
            }
            assertThat(read).hasSize(1);
            assertThat(read.get(0).key()).isEqualTo("conv-1");
            assertThat(new String(read.get(0).headers().lastHeader("ce_id").value(), StandardCharsets.UTF_8))
                    .isEqualTo("e-1");
        }
    }

    @Test
    void topicsAreCreatedWithTheirSettingsAndATopicThatExistsGetsThemToo() throws Exception {
        try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start(); Admin admin = broker.admin()) {
            broker.createTopics(List.of("older"));
            Map<String, String> gzip = Map.of("compression.type", "gzip");
            EmbeddedKafkaBroker.createTopics(admin, List.of("fresh", "older", "plain"), 2,
                    topic -> topic.equals("plain") ? Map.of() : gzip);
            assertThat(compressionOf(admin, "fresh")).isEqualTo("gzip");
            assertThat(compressionOf(admin, "older")).as("set on a topic that existed").isEqualTo("gzip");
            assertThat(compressionOf(admin, "plain")).as("the broker's default").isEqualTo("producer");
            assertThat(admin.describeTopics(List.of("older")).allTopicNames().get().get("older").partitions())
                    .as("an existing topic keeps its partitions").hasSize(3);
        }
    }

    private static String compressionOf(Admin admin, String topic) throws Exception {
        ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
        return admin.describeConfigs(List.of(resource)).all().get().get(resource).get("compression.type").value();
    }

    @Test
    void aRestartedBrokerKeepsItsLogAndListensWhereItsClientsLook() throws Exception {
        try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start()) {
            broker.createTopics(List.of("kept"));
            try (var producer = new KafkaProducer<String, String>(Map.of("bootstrap.servers", broker.bootstrapServers()),
                    new StringSerializer(), new StringSerializer())) {
                producer.send(new ProducerRecord<>("kept", "k", "before")).get();
                broker.restart(Duration.ofMillis(500));
                producer.send(new ProducerRecord<>("kept", "k", "after")).get(60, java.util.concurrent.TimeUnit.SECONDS);
            }
            List<String> read = new ArrayList<>();
            try (var consumer = new KafkaConsumer<String, String>(Map.of("bootstrap.servers", broker.bootstrapServers(),
                    "group.id", "kept-" + UUID.randomUUID(), "auto.offset.reset", "earliest"),
                    new StringDeserializer(), new StringDeserializer())) {
                consumer.subscribe(List.of("kept"));
                long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                while (read.size() < 2 && System.nanoTime() < deadline) {
                    consumer.poll(Duration.ofMillis(200)).forEach(r -> read.add(r.value()));
                }
            }
            assertThat(read).containsExactly("before", "after");
        }
    }

    @Test
    void postgresRefusesSessionsDuringAnOutageAndTakesThemAgainAfter() throws Exception {
        try (EmbeddedPostgresServer postgres = EmbeddedPostgresServer.start("outage_db")) {
            postgres.acceptConnections(false);
            assertThatThrownBy(() -> DriverManager.getConnection(postgres.jdbcUrl(), EmbeddedPostgresServer.USER, ""))
                    .isInstanceOf(java.sql.SQLException.class).hasMessageContaining("not currently accepting connections");
            postgres.acceptConnections(true);
            try (var connection = DriverManager.getConnection(postgres.jdbcUrl(), EmbeddedPostgresServer.USER, "")) {
                assertThat(connection.isValid(5)).isTrue();
            }
        }
    }

    @Test
    void postgresServesTheApplicationDatabase() throws Exception {
        try (EmbeddedPostgresServer postgres = EmbeddedPostgresServer.start("probe_db");
             var connection = DriverManager.getConnection(postgres.jdbcUrl(), EmbeddedPostgresServer.USER, "");
             ResultSet rs = connection.createStatement().executeQuery("select current_database(), version()")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isEqualTo("probe_db");
            assertThat(rs.getString(2)).startsWith("PostgreSQL 17");
        }
    }
}
