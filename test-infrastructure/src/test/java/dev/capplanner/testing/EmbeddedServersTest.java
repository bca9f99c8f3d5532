package dev.capplanner.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.testing.kafka.EmbeddedKafkaBroker;
import dev.capplanner.testing.kafka.KafkaTestClient;
import dev.capplanner.testing.postgres.EmbeddedPostgresServer;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EmbeddedServersTest {

    @Test
    void kafkaBrokerCarriesARecordWithItsKeyAndHeaders() {
        try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start();
             KafkaTestClient client = new KafkaTestClient(broker.bootstrapServers())) {
            broker.createTopics(List.of("probe"));
            client.publish("probe", "conv-1", "{\"hello\":1}", Map.of("ce_id", "e-1"));
            var records = client.await("probe", r -> true, 1, Duration.ofSeconds(30));
            assertThat(records).hasSize(1);
            assertThat(records.get(0).key()).isEqualTo("conv-1");
            assertThat(KafkaTestClient.header(records.get(0), "ce_id")).isEqualTo("e-1");
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
