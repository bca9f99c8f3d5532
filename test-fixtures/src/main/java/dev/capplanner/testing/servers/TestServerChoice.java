package dev.capplanner.testing.servers;

import java.util.Locale;
import java.util.function.BooleanSupplier;
import java.util.logging.Logger;
import org.testcontainers.DockerClientFactory;

/**
 * Which Kafka and PostgreSQL the Quarkus test resources start. The embedded servers are the
 * default and the only kind that runs on a machine without a Docker engine; Testcontainers is used
 * when asked for with {@code -Dcapplanner.test-servers=testcontainers} (or the environment variable
 * {@code CAPPLANNER_TEST_SERVERS}) and a Docker daemon answers. Docker is probed only when asked.
 */
public record TestServerChoice(Kind kind, String reason) {

    public static final String PROPERTY = "capplanner.test-servers";
    public static final String ENVIRONMENT = "CAPPLANNER_TEST_SERVERS";

    private static final Logger LOG = Logger.getLogger(TestServerChoice.class.getName());

    public enum Kind { EMBEDDED, TESTCONTAINERS }

    /** The choice for this test JVM, logged once per test resource that asks. */
    public static TestServerChoice fromEnvironment(String server) {
        String requested = System.getProperty(PROPERTY, System.getenv(ENVIRONMENT));
        TestServerChoice choice = choose(requested, () -> DockerClientFactory.instance().isDockerAvailable());
        LOG.info(() -> "test_servers server=" + server + " kind=" + choice.kind().name().toLowerCase(Locale.ROOT)
                + " reason=\"" + choice.reason() + "\"");
        return choice;
    }

    public static TestServerChoice choose(String requested, BooleanSupplier dockerAnswers) {
        String value = requested == null ? "" : requested.strip().toLowerCase(Locale.ROOT);
        switch (value) {
            case "", "embedded" -> {
                return new TestServerChoice(Kind.EMBEDDED, "embedded servers (the default)");
            }
            case "testcontainers" -> {
                return dockerAnswers.getAsBoolean()
                        ? new TestServerChoice(Kind.TESTCONTAINERS, "Testcontainers asked for and a Docker daemon answers")
                        : new TestServerChoice(Kind.EMBEDDED,
                                "Testcontainers asked for but no Docker daemon answers: embedded servers instead");
            }
            default -> throw new IllegalArgumentException(PROPERTY + " must be embedded or testcontainers, not '"
                    + requested + "'");
        }
    }
}
