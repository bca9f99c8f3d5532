package dev.capplanner.localstack.stack;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the local stack runs with. Every port is on the loopback interface; {@code --base-port N}
 * places the demo API at N and the services at N+1..N+5, the trace receiver at N+6, the turn gateway
 * at N+7, and each service's (and the gateway's) management interface (health, metrics)
 * {@value #MANAGEMENT_PORT_OFFSET} above its port.
 */
public record StackOptions(
        Path home,
        Path turnsFile,
        boolean once,
        int kafkaPort,
        int postgresPort,
        Map<String, Integer> httpPorts,
        int otlpPort,
        Duration turnTimeout,
        String plannerMode,
        int partitions,
        int replicas,
        Map<String, Integer> managementPorts,
        JvmProfile jvm,
        ExternalServers external) {

    public static final int DEFAULT_BASE_PORT = 18080;
    /** A service's management interface (health, metrics) listens this far above its HTTP port. */
    public static final int MANAGEMENT_PORT_OFFSET = 100;
    public static final int DEFAULT_KAFKA_PORT = 19092;
    public static final int DEFAULT_POSTGRES_PORT = 15432;
    public static final String DEFAULT_PLANNER_MODE = "shadow";
    public static final List<String> PLANNER_MODES = List.of("classic", "shadow", "capability");
    public static final String USAGE = """
            usage: ./run-local.sh [--once] [--turns FILE] [--base-port N] [--kafka-port N] [--postgres-port N]
                                  [--planner-mode classic|shadow|capability] [--jvm start-up|production]
                                  [--kafka-bootstrap H:P] [--postgres-url URL [--postgres-user U]]
                                  [--llm-url URL [--llm-model M] [--llm-key-file F]]

              --once             replay the turns, print the summary and exit (0 only if every turn completed)
              --turns FILE       replay your own JSON Lines file of turn-requested v1 events
                                 (default: demo/conversation.jsonl)
              --base-port N      demo API on N, services on N+1..N+5, trace receiver on N+6, turn gateway
                                 (POST /turns) on N+7 (default 18080); health and metrics on N+101..N+107
              --kafka-port N     embedded Kafka broker (default 19092)
              --postgres-port N  embedded PostgreSQL (default 15432)
              --planner-mode M   classic, shadow (default: classic executes, the capability plan is compared)
                                 or capability (the validated capability plan executes)
              --jvm PROFILE      the services' JVM configuration: start-up (default: the quick compiler and
                                 small heaps, for a fast start) or production (what deploy/k8s runs)
              --kafka-bootstrap H:P  a Kafka of your own instead of the embedded broker (topics created if missing)
              --postgres-url URL     a PostgreSQL of your own, postgresql://host:5432/database, instead of the
                                     embedded one; --postgres-user U (default postgres), the password from
                                     CAPPLANNER_POSTGRES_PASSWORD
              --llm-url URL      an OpenAI-compatible endpoint (OpenAI, Ollama's http://127.0.0.1:11434/v1, ...):
                                 the LLM router, planner and request classifier on, the deterministic ones
                                 their fallback; --llm-model M (default gpt-4o-mini), --llm-key-file F (a file
                                 holding the API key, passed to the services in their environment)
            """;

    /** The default of three partitions per topic and one process per service. */
    public StackOptions(Path home, Path turnsFile, boolean once, int kafkaPort, int postgresPort,
                        Map<String, Integer> httpPorts, int otlpPort, Duration turnTimeout, String plannerMode) {
        this(home, turnsFile, once, kafkaPort, postgresPort, httpPorts, otlpPort, turnTimeout, plannerMode, 3, 1, Map.of(),
                JvmProfile.START_UP, ExternalServers.NONE);
    }

    public StackOptions {
        external = external == null ? ExternalServers.NONE : external;
        httpPorts = Map.copyOf(httpPorts);
        managementPorts = Map.copyOf(managementPorts);
        if (partitions < 1) {
            throw new UsageException("--partitions must be at least 1");
        }
        if (replicas < 1) {
            throw new UsageException("--replicas must be at least 1");
        }
        if (!PLANNER_MODES.contains(plannerMode)) {
            throw new UsageException("--planner-mode must be one of " + String.join(", ", PLANNER_MODES)
                    + ", not " + plannerMode);
        }
    }

    /** The apps in start order, each with its HTTP port offset from the base port. */
    public static final List<String> APPS = List.of("demo-api", "snapshot-service", "router-service", "planner-service",
            "executor-service", "shadow-report-service");
    public static final List<String> SERVICES = APPS.subList(1, APPS.size());
    /** The HTTP entry for chat backends that do not speak Kafka: started after the services, on N+7. */
    public static final String GATEWAY = "turn-gateway";
    static final int GATEWAY_PORT_OFFSET = APPS.size() + 1;

    public static StackOptions parse(Path home, String... args) {
        return parse(home, System.getenv(), args);
    }

    /** The options, an external PostgreSQL's password taken from {@code environment}. */
    public static StackOptions parse(Path home, Map<String, String> environment, String... args) {
        boolean once = false;
        String kafkaBootstrap = null;
        String postgresUrl = null;
        String postgresUser = "postgres";
        String llmUrl = null;
        String llmModel = null;
        Path llmKeyFile = null;
        Path turns = home.resolve("demo/conversation.jsonl");
        int base = DEFAULT_BASE_PORT;
        int kafka = DEFAULT_KAFKA_PORT;
        int postgres = DEFAULT_POSTGRES_PORT;
        String plannerMode = DEFAULT_PLANNER_MODE;
        JvmProfile jvm = JvmProfile.START_UP;
        List<String> rest = new ArrayList<>(List.of(args));
        while (!rest.isEmpty()) {
            String arg = rest.remove(0);
            switch (arg) {
                case "--once" -> once = true;
                case "--turns" -> turns = Path.of(value(arg, rest)).toAbsolutePath();
                case "--base-port" -> base = port(arg, value(arg, rest));
                case "--kafka-port" -> kafka = port(arg, value(arg, rest));
                case "--postgres-port" -> postgres = port(arg, value(arg, rest));
                case "--planner-mode" -> plannerMode = value(arg, rest);
                case "--jvm" -> jvm = JvmProfile.of(value(arg, rest));
                case "--kafka-bootstrap" -> kafkaBootstrap = value(arg, rest);
                case "--postgres-url" -> postgresUrl = value(arg, rest);
                case "--postgres-user" -> postgresUser = value(arg, rest);
                case "--llm-url" -> llmUrl = value(arg, rest);
                case "--llm-model" -> llmModel = value(arg, rest);
                case "--llm-key-file" -> llmKeyFile = Path.of(value(arg, rest)).toAbsolutePath();
                default -> throw new UsageException("unknown option " + arg);
            }
        }
        if (!Files.isReadable(turns)) {
            throw new UsageException("cannot read turns file " + turns);
        }
        if (base + GATEWAY_PORT_OFFSET + MANAGEMENT_PORT_OFFSET > 65535) {
            throw new UsageException("--base-port leaves no room for its ports (up to N+"
                    + (GATEWAY_PORT_OFFSET + MANAGEMENT_PORT_OFFSET) + ")");
        }
        Map<String, Integer> http = new LinkedHashMap<>();
        for (int i = 0; i < APPS.size(); i++) {
            http.put(APPS.get(i), base + i);
        }
        http.put(GATEWAY, base + GATEWAY_PORT_OFFSET);
        Optional<ExternalServers.Database> database = postgresUrl == null ? Optional.empty()
                : Optional.of(ExternalServers.Database.of(postgresUrl, postgresUser,
                        environment.get(ExternalServers.PASSWORD_VARIABLE)));
        if (llmUrl == null && (llmModel != null || llmKeyFile != null)) {
            throw new UsageException("--llm-model and --llm-key-file need --llm-url");
        }
        Optional<ModelEndpoint> model = llmUrl == null ? Optional.empty()
                : Optional.of(ModelEndpoint.of(llmUrl, llmModel, llmKeyFile));
        ExternalServers external = new ExternalServers(Optional.ofNullable(kafkaBootstrap), database, model);
        return new StackOptions(home, turns, once, kafka, postgres, http, base + APPS.size(), Duration.ofSeconds(60),
                plannerMode).withJvm(jvm).withExternal(external);
    }

    /** These options with a Kafka or a PostgreSQL of one's own instead of the stack's. */
    public StackOptions withExternal(ExternalServers servers) {
        return new StackOptions(home, turnsFile, once, kafkaPort, postgresPort, httpPorts, otlpPort, turnTimeout,
                plannerMode, partitions, replicas, managementPorts, jvm, servers);
    }

    private static String value(String option, List<String> rest) {
        if (rest.isEmpty()) {
            throw new UsageException(option + " needs a value");
        }
        return rest.remove(0);
    }

    private static int port(String option, String value) {
        try {
            int port = Integer.parseInt(value);
            if (port < 1024 || port > 65535) {
                throw new UsageException(option + " must be between 1024 and 65535 (no root needed), not " + value);
            }
            return port;
        } catch (NumberFormatException e) {
            throw new UsageException(option + " must be a number, not " + value);
        }
    }

    /** These options with every topic in this many partitions. */
    public StackOptions withPartitions(int count) {
        return new StackOptions(home, turnsFile, once, kafkaPort, postgresPort, httpPorts, otlpPort, turnTimeout,
                plannerMode, count, replicas, managementPorts, jvm, external);
    }

    /**
     * These options with this many processes of each of the five services (one consumer each, in the
     * service's group); the extra ones listen on ports of their own choosing.
     */
    public StackOptions withReplicas(int count) {
        return new StackOptions(home, turnsFile, once, kafkaPort, postgresPort, httpPorts, otlpPort, turnTimeout,
                plannerMode, partitions, count, managementPorts, jvm, external);
    }

    /** Whether the turn gateway runs (it does unless a run leaves it out: the load measures the Kafka path). */
    public boolean gateway() {
        return httpPorts.containsKey(GATEWAY);
    }

    /** These options without the turn gateway. */
    public StackOptions withoutGateway() {
        Map<String, Integer> ports = new LinkedHashMap<>(httpPorts);
        ports.remove(GATEWAY);
        return new StackOptions(home, turnsFile, once, kafkaPort, postgresPort, ports, otlpPort, turnTimeout,
                plannerMode, partitions, replicas, managementPorts, jvm, external);
    }

    /** These options with the service JVMs run in this profile. */
    public StackOptions withJvm(JvmProfile profile) {
        return new StackOptions(home, turnsFile, once, kafkaPort, postgresPort, httpPorts, otlpPort, turnTimeout,
                plannerMode, partitions, replicas, managementPorts, profile, external);
    }

    /** The name of replica {@code n} (from 2) of a service, e.g. {@code router-service-2}. */
    public static String replicaName(String service, int n) {
        return service + "-" + n;
    }

    /** The service a process name belongs to: the name itself, or the name without its replica number. */
    public static String serviceOf(String process) {
        return process.matches(".*-[0-9]+$") ? process.substring(0, process.lastIndexOf('-')) : process;
    }

    /**
     * Where an app serves health and metrics: a service on its management interface (the port given for
     * it, or {@value #MANAGEMENT_PORT_OFFSET} above its HTTP port), the demo API (which has none) on its
     * own port; 0 for an app on port 0 (it picks both itself).
     */
    public int managementPortOf(String app) {
        if (managementPorts.containsKey(app)) {
            return managementPorts.get(app);
        }
        int port = httpPorts.get(app);
        return (SERVICES.contains(app) || GATEWAY.equals(app)) && port != 0 ? port + MANAGEMENT_PORT_OFFSET : port;
    }

    /** These options with the services' management ports given, not derived (a stack whose apps chose their own). */
    public StackOptions withManagementPorts(Map<String, Integer> ports) {
        return new StackOptions(home, turnsFile, once, kafkaPort, postgresPort, httpPorts, otlpPort, turnTimeout,
                plannerMode, partitions, replicas, ports, jvm, external);
    }

    /** Every port the stack will bind, by what binds it. */
    public Map<String, Integer> allPorts() {
        Map<String, Integer> ports = new LinkedHashMap<>(httpPorts);
        SERVICES.forEach(service -> ports.put(service + " management", managementPortOf(service)));
        if (gateway()) {
            ports.put(GATEWAY + " management", managementPortOf(GATEWAY));
        }
        ports.put("trace receiver", otlpPort);
        if (external.kafkaBootstrap().isEmpty()) {
            ports.put("kafka", kafkaPort);
        }
        if (external.postgres().isEmpty()) {
            ports.put("postgresql", postgresPort);
        }
        return ports;
    }

    /** A mistake in the command line: shown as a one-line error with the usage, never a stack trace. */
    public static final class UsageException extends RuntimeException {
        public UsageException(String message) {
            super(message);
        }
    }
}
