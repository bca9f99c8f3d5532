package dev.capplanner.localstack.stack;

import java.net.URI;
import java.util.Optional;

/**
 * A Kafka and a PostgreSQL the stack uses instead of starting its own: for a machine without embedded
 * PostgreSQL binaries (docs/running-locally.md, "Platforms"), or to run the suite against servers one
 * already has; and a model endpoint, which the stack never starts. The password is read from {@value #PASSWORD_VARIABLE}, never an argument, and never
 * printed.
 *
 * @param kafkaBootstrap a broker's {@code host:port}, when the stack is not to start its own
 * @param postgres       a database, when the stack is not to start its own
 * @param model          a model endpoint, when the router, planner and classifier are to call one
 */
public record ExternalServers(Optional<String> kafkaBootstrap, Optional<Database> postgres, Optional<ModelEndpoint> model) {

    public static final String PASSWORD_VARIABLE = "CAPPLANNER_POSTGRES_PASSWORD";
    public static final ExternalServers NONE = new ExternalServers(Optional.empty(), Optional.empty());

    /** A Kafka and a PostgreSQL of one's own, no model. */
    public ExternalServers(Optional<String> kafkaBootstrap, Optional<Database> postgres) {
        this(kafkaBootstrap, postgres, Optional.empty());
    }

    /** A PostgreSQL database the services share. */
    public record Database(String host, int port, String name, String user, String password) {

        /** {@code postgresql://host:port/database}, the user and the password as given. */
        public static Database of(String url, String user, String password) {
            URI uri;
            try {
                uri = URI.create(url);
            } catch (IllegalArgumentException e) {
                throw new StackOptions.UsageException("--postgres-url must look like postgresql://host:5432/database");
            }
            String name = uri.getPath() == null ? "" : uri.getPath().replaceFirst("^/", "");
            if (!"postgresql".equals(uri.getScheme()) || uri.getHost() == null || name.isEmpty()
                    || !name.matches("[A-Za-z0-9_-]{1,63}") || uri.getQuery() != null || uri.getUserInfo() != null) {
                throw new StackOptions.UsageException("--postgres-url must look like postgresql://host:5432/database"
                        + " (the user by --postgres-user, the password from " + PASSWORD_VARIABLE + ")");
            }
            if (user == null || !user.matches("[A-Za-z0-9_-]{1,63}")) {
                throw new StackOptions.UsageException("--postgres-user must be a PostgreSQL role name");
            }
            return new Database(uri.getHost(), uri.getPort() < 0 ? 5432 : uri.getPort(), name, user, password);
        }

        public String jdbcUrl() {
            return "jdbc:postgresql://" + host + ":" + port + "/" + name;
        }

        /** The URL form of the Vert.x reactive PostgreSQL client. */
        public String reactiveUrl() {
            return "postgresql://" + host + ":" + port + "/" + name;
        }

        @Override
        public String toString() {
            return "Database[" + reactiveUrl() + ", user=" + user + (password == null ? "" : ", password=***") + "]";
        }
    }

    public ExternalServers {
        kafkaBootstrap.ifPresent(bootstrap -> {
            if (!bootstrap.matches("[A-Za-z0-9.-]+:[0-9]{1,5}(,[A-Za-z0-9.-]+:[0-9]{1,5})*")) {
                throw new StackOptions.UsageException("--kafka-bootstrap must be host:port[,host:port...], not "
                        + bootstrap);
            }
        });
    }
}
