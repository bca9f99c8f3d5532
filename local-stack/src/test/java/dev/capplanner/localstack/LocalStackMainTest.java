package dev.capplanner.localstack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.capplanner.localstack.stack.StackOptions;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Command-line mistakes get a one-line error and exit status 2, never a stack trace. */
class LocalStackMainTest {

    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void takenPortIsAClearErrorBeforeAnythingStarts() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int status = run("--once", "--kafka-port", String.valueOf(taken.getLocalPort()));
            assertThat(status).isEqualTo(2);
            assertThat(text(err)).startsWith("error: port " + taken.getLocalPort() + " (kafka) is already in use")
                    .doesNotContain("Exception").doesNotContain("\tat ");
            assertThat(text(out)).doesNotContain("Starting");
        }
    }

    @Test
    void unknownOptionAndMissingFileAreUsageErrors() {
        assertThat(run("--bogus")).isEqualTo(2);
        assertThat(text(err)).startsWith("error: unknown option --bogus").contains("usage: ./run-local.sh");
        assertThat(run("--turns", "/no/such/file.jsonl")).isEqualTo(2);
        assertThat(text(err)).contains("error: cannot read turns file /no/such/file.jsonl");
    }

    @Test
    void thePlannerModeIsOneOfTheThree() {
        assertThat(StackOptions.parse(home()).plannerMode()).isEqualTo("shadow");
        assertThat(StackOptions.parse(home(), "--planner-mode", "capability").plannerMode()).isEqualTo("capability");
        assertThatThrownBy(() -> StackOptions.parse(home(), "--planner-mode", "yolo"))
                .hasMessage("--planner-mode must be one of classic, shadow, capability, not yolo");
    }

    @Test
    void privilegedOrNonNumericPortsAreRefused() {
        assertThatThrownBy(() -> StackOptions.parse(home(), "--base-port", "80"))
                .hasMessageContaining("between 1024 and 65535");
        assertThatThrownBy(() -> StackOptions.parse(home(), "--postgres-port", "five")).hasMessageContaining("a number");
    }

    @Test
    void basePortLaysOutTheServices() {
        StackOptions options = StackOptions.parse(home(), "--base-port", "20000");
        assertThat(options.httpPorts()).containsEntry("demo-api", 20000).containsEntry("shadow-report-service", 20005);
        assertThat(options.otlpPort()).isEqualTo(20006);
        assertThat(options.managementPortOf("snapshot-service")).as("health and metrics on their own port")
                .isEqualTo(20101);
        assertThat(options.managementPortOf("demo-api")).as("the demo API has no management interface").isEqualTo(20000);
        assertThat(options.allPorts()).containsEntry("shadow-report-service management", 20105);
        StackOptions chosenByEachApp = new StackOptions(home(), options.turnsFile(), true, 0, 0,
                java.util.Map.of("demo-api", 0, "router-service", 0), 0, java.time.Duration.ofSeconds(1), "shadow");
        assertThat(chosenByEachApp.managementPortOf("router-service")).as("port 0: the app picks both").isZero();
        assertThatThrownBy(() -> StackOptions.parse(home(), "--base-port", "65430"))
                .hasMessageContaining("no room");
    }

    @Test
    void aKafkaAndAPostgreSqlOfOnesOwnAreTakenByFlagsTheirPortsNotCheckedThePasswordFromTheEnvironmentOnly() {
        StackOptions options = StackOptions.parse(home(),
                java.util.Map.of(dev.capplanner.localstack.stack.ExternalServers.PASSWORD_VARIABLE, "s3cret!"),
                "--kafka-bootstrap", "kafka.internal:9092", "--postgres-url", "postgresql://db.internal:5433/capplanner",
                "--postgres-user", "suite");
        assertThat(options.external().kafkaBootstrap()).contains("kafka.internal:9092");
        var database = options.external().postgres().orElseThrow();
        assertThat(database.jdbcUrl()).isEqualTo("jdbc:postgresql://db.internal:5433/capplanner");
        assertThat(database.user()).isEqualTo("suite");
        assertThat(database.password()).isEqualTo("s3cret!");
        assertThat(options.toString()).as("never printed").doesNotContain("s3cret!");
        assertThat(options.allPorts()).doesNotContainKeys("kafka", "postgresql");
        assertThat(StackOptions.parse(home()).allPorts()).containsKeys("kafka", "postgresql");
    }

    @Test
    void aMalformedServerAddressIsAUsageError() {
        assertThatThrownBy(() -> StackOptions.parse(home(), "--postgres-url", "jdbc:postgresql://db/capplanner"))
                .isInstanceOf(StackOptions.UsageException.class).hasMessageContaining("postgresql://host:5432/database");
        assertThatThrownBy(() -> StackOptions.parse(home(), "--postgres-url", "postgresql://user:pw@db/capplanner"))
                .as("no password in an argument").hasMessageContaining("CAPPLANNER_POSTGRES_PASSWORD");
        assertThatThrownBy(() -> StackOptions.parse(home(), "--postgres-url", "postgresql://db:5432/x;drop"))
                .isInstanceOf(StackOptions.UsageException.class);
        assertThatThrownBy(() -> StackOptions.parse(home(), "--kafka-bootstrap", "kafka"))
                .hasMessageContaining("host:port");
    }

    @Test
    void helpPrintsUsage() {
        assertThat(run("--help")).isZero();
        assertThat(text(out)).contains("--turns FILE").contains("--kafka-bootstrap").contains("--postgres-url");
    }

    private int run(String... args) {
        out.reset();
        err.reset();
        return LocalStackMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private static Path home() {
        return Path.of(System.getProperty("capplanner.home", "..")).toAbsolutePath();
    }

    private static String text(ByteArrayOutputStream stream) {
        return stream.toString(StandardCharsets.UTF_8);
    }
}
