package dev.capplanner.localstack.stack;

import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.Topics;
import dev.capplanner.contracts.principal.PrincipalTokenSigner;
import dev.capplanner.embedded.LoopbackPorts;
import dev.capplanner.embedded.postgres.EmbeddedPostgresServer;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;

/**
 * The whole suite on one machine: a trace receiver in this JVM; the Kafka broker, PostgreSQL, the
 * demo API and the five services as separate processes. All state lives in one temporary
 * directory that {@link #close()} removes.
 */
public final class LocalStack implements StackFaults, AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(180);

    private final StackOptions options;
    private final PrintStream out;
    private final Path workDir;
    /** Fresh per stack: seals and the admin token of one local run mean nothing to any other. */
    private final String sealKeys = SEAL_KEY_ID + ":" + randomBase64(32);
    private final String planSealKeys = PLAN_SEAL_KEY_ID + ":" + randomBase64(32);
    private final String routeSealKeys = ROUTE_SEAL_KEY_ID + ":" + randomBase64(32);
    private final String comparisonSealKeys = COMPARISON_SEAL_KEY_ID + ":" + randomBase64(32);
    private final String observationSealKeys = OBSERVATION_SEAL_KEY_ID + ":" + randomBase64(32);
    /** Every service encrypts its dead letters' payloads, so none is withheld (rule "dead letters carry the reason"). */
    private final String deadLetterKeys = DEAD_LETTER_KEY_ID + ":" + randomBase64(32);
    private final String adminToken = randomBase64(24);
    private final String maskingKey = randomBase64(32);
    private final AnalystKey analystKey;
    private final ChatBackendKey chatBackendKey;
    private final ServiceKeys serviceKeys;
    private final List<AutoCloseable> started = new ArrayList<>();
    private final Map<String, ServiceProcess> apps = new LinkedHashMap<>();
    private StackKafka kafka;
    private StackDatabase postgres;
    private Path logs;
    private int restarts;
    private OtlpTraceReceiver traces;
    private boolean closed;

    private static final String SEAL_KEY_ID = "local";
    private static final String PLAN_SEAL_KEY_ID = "local-plans";
    private static final String ROUTE_SEAL_KEY_ID = "local-routes";
    private static final String COMPARISON_SEAL_KEY_ID = "local-comparisons";
    private static final String OBSERVATION_SEAL_KEY_ID = "local-observations";
    private static final String DEAD_LETTER_KEY_ID = "local-dead-letters";
    private static final String[] DEMO_TENANTS = {"acme", "globex"};

    private static String randomBase64(int bytes) {
        byte[] secret = new byte[bytes];
        new SecureRandom().nextBytes(secret);
        return Base64.getEncoder().encodeToString(secret);
    }

    private LocalStack(StackOptions options, PrintStream out, Path workDir) {
        this.options = options;
        this.out = out;
        this.workDir = workDir;
        this.analystKey = AnalystKey.create(workDir.resolve("keys"));
        this.chatBackendKey = ChatBackendKey.create(workDir.resolve("keys"));
        this.serviceKeys = ServiceKeys.create(workDir.resolve("keys"));
    }

    public static LocalStack start(StackOptions options, PrintStream out) {
        // The embedded broker and database log every setting at INFO; warnings are what matter here.
        java.util.logging.Logger.getLogger("").setLevel(java.util.logging.Level.WARNING);
        checkPortsFree(options);
        Path workDir;
        try {
            workDir = Files.createTempDirectory("capplanner-local-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary directory", e);
        }
        LocalStack stack = new LocalStack(options, out, workDir);
        try {
            stack.startAll();
            return stack;
        } catch (RuntimeException e) {
            stack.close();
            throw e;
        }
    }

    private static void checkPortsFree(StackOptions options) {
        options.allPorts().forEach((owner, port) -> {
            if (port != 0 && !LoopbackPorts.isFree(port)) {
                throw new PortTakenException("port " + port + " (" + owner + ") is already in use; choose free ports"
                        + " with --base-port, --kafka-port or --postgres-port");
            }
        });
    }

    private void startAll() {
        long began = System.nanoTime();
        try {
            Files.createDirectories(workDir.resolve("logs"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ExternalServers external = options.external();
        if (external.kafkaBootstrap().isPresent()) {
            out.printf("Using Kafka at %s ...%n", external.kafkaBootstrap().get());
            kafka = track(StackKafka.external(external.kafkaBootstrap().get()));
        } else {
            out.printf("Starting Kafka (KRaft) on 127.0.0.1:%d ...%n", options.kafkaPort());
            kafka = track(BrokerProcess.start(options.kafkaPort(), workDir.resolve("kafka"),
                    workDir.resolve("logs").resolve("kafka-broker.log")));
        }
        kafka.createTopics(topics(), options.partitions());
        if (external.postgres().isPresent()) {
            out.printf("Using PostgreSQL at %s ...%n", external.postgres().get().reactiveUrl());
            postgres = track(StackDatabase.external(external.postgres().get()));
        } else {
            out.printf("Starting PostgreSQL on 127.0.0.1:%d ...%n", options.postgresPort());
            postgres = track(StackDatabase.embedded(EmbeddedPostgresServer.start(options.postgresPort(),
                    workDir.resolve("postgres"), "capplanner")));
        }
        traces = track(new OtlpTraceReceiver(options.otlpPort()));
        logs = workDir.resolve("logs");
        try {
            Files.createDirectories(logs);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        external.model().ifPresent(model -> out.printf("Routing, planning and classifying with the model at %s%s"
                + " (the deterministic router, planner and classifier are the fallback)%n", model.baseUrl(),
                model.model().map(name -> ", model " + name).orElse("")));
        out.printf("Starting %s ...%n", String.join(", ", StackOptions.APPS));
        // The demo API and the snapshot service first: the executor is configured with their URLs,
        // known once they listen.
        List<ServiceProcess> firstWave = List.of(startApp("demo-api", postgres, logs),
                startApp("snapshot-service", postgres, logs));
        firstWave.forEach(app -> app.awaitReady(START_TIMEOUT));
        out.printf("Registered the demo API from its OpenAPI document: %s%n",
                DemoConnections.registerDemoApi(apps.get("snapshot-service"), apps.get("demo-api"), adminToken));
        out.printf("Registered the Shipping Desk MCP server: %s%n",
                DemoConnections.registerShippingDesk(apps.get("snapshot-service"), apps.get("demo-api"), adminToken));
        out.printf("Registered the help center's knowledge base: %s%n",
                DemoConnections.registerHelpCenter(apps.get("snapshot-service"), apps.get("demo-api"), adminToken));
        out.printf("Registered the demo's capability plans: %s%n", String.join(", ", DemoConnections.registerPlans(
                apps.get("snapshot-service"), options.home().resolve("demo/plans"), adminToken)));
        for (String app : StackOptions.SERVICES) {
            if (!apps.containsKey(app)) {
                startApp(app, postgres, logs);
            }
        }
        if (options.gateway()) {
            // Last: it reads the topics the services create their records on, and is ready once it knows
            // them; its MCP face is configured with the router's and the executor's URLs, known (an app on
            // port 0 included) once they are ready.
            apps.get("router-service").awaitReady(START_TIMEOUT);
            apps.get("executor-service").awaitReady(START_TIMEOUT);
            startApp(StackOptions.GATEWAY, postgres, logs);
        }
        for (ServiceProcess app : apps.values()) {
            app.awaitReady(START_TIMEOUT);
        }
        // More consumers in each service's group once the first of each is up (the registry seeded,
        // the databases migrated): each takes its share of the partitions.
        for (int n = 2; n <= options.replicas(); n++) {
            for (String service : StackOptions.SERVICES) {
                String name = StackOptions.replicaName(service, n);
                apps.put(name, track(ServiceProcess.start(name, jarOf(service), 0, OptionalInt.of(0),
                        configOf(service, postgres), logs, options.jvm())));
            }
        }
        for (ServiceProcess app : apps.values()) {
            app.awaitReady(START_TIMEOUT);
        }
        if (options.replicas() > 1) {
            awaitBalancedGroups();
        }
        out.printf("Stack ready in %.1f s (logs in %s)%n", (System.nanoTime() - began) / 1e9, logs);
    }

    /**
     * Ready is not yet balanced: a replica's consumer joins its group after it says ready, and until
     * the group has rebalanced the first replica reads every partition. Waits until every service's
     * group (named after the service) has each replica as a member and as many of them reading
     * partitions as there are partitions to go round.
     */
    private void awaitBalancedGroups() {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        long readers = Math.min(options.replicas(), options.partitions());
        try (Admin admin = kafka.admin()) {
            while (true) {
                List<String> unbalanced = new ArrayList<>();
                admin.describeConsumerGroups(StackOptions.SERVICES).all().get(10, TimeUnit.SECONDS).forEach((group, d) -> {
                    long reading = d.members().stream().filter(m -> !m.assignment().topicPartitions().isEmpty()).count();
                    if (d.members().size() < options.replicas() || reading < readers) {
                        unbalanced.add(group + " (" + d.members().size() + " members, " + reading + " reading)");
                    }
                });
                if (unbalanced.isEmpty()) {
                    out.printf("Consumer groups balanced: %d processes per service%n", options.replicas());
                    return;
                }
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("consumer groups not balanced over " + options.replicas()
                            + " replicas within " + START_TIMEOUT.toSeconds() + " s: " + unbalanced);
                }
                Thread.sleep(200);
            }
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("cannot describe the consumer groups: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the consumer groups", e);
        }
    }

    private ServiceProcess startApp(String app, StackDatabase postgres, Path logs) {
        OptionalInt management = StackOptions.SERVICES.contains(app) || StackOptions.GATEWAY.equals(app)
                ? OptionalInt.of(options.managementPortOf(app)) : OptionalInt.empty();
        ServiceProcess process = track(ServiceProcess.start(app, jarOf(app), options.httpPorts().get(app), management,
                configOf(app, postgres), logs, options.jvm()));
        apps.put(app, process);
        return process;
    }

    private Path jarOf(String app) {
        return options.home().resolve(app).resolve("target/quarkus-app/quarkus-run.jar");
    }

    /** Stops the Kafka broker (its log kept) and starts it again on the same ports after {@code down}. */
    @Override
    public void restartBroker(Duration down) throws InterruptedException {
        kafka.restart(down);
    }

    /** The suite's database refuses every session (and ends the open ones) until told to accept them again. */
    @Override
    public void databaseAcceptsConnections(boolean accepting) {
        postgres.acceptConnections(accepting);
    }

    /** Where every service writes its log (removed by {@link #close()}: copy what must outlive the stack). */
    public Path logDirectory() {
        return logs;
    }

    /**
     * Waits up to {@code patience} for the executor to be in the middle of a call (claimed in its ledger,
     * not yet recorded); answers how many such calls it saw, 0 when none came in time.
     */
    @Override
    public long awaitExecutorCallInFlight(Duration patience) {
        long deadline = System.nanoTime() + patience.toNanos();
        long inFlight = 0;
        while (inFlight == 0 && System.nanoTime() < deadline) {
            // Recent claims only: one left by an earlier fault is not a call being made now.
            inFlight = postgres.queryForLong("select count(*) from executor_call where state = 'claimed'"
                    + " and claimed_at > now() - interval '2 seconds'");
        }
        return inFlight;
    }

    /** Kills a service without warning and starts it again, as a crashed pod is replaced; returns when it is ready. */
    @Override
    public synchronized void killAndRestart(String app) {
        ServiceProcess restarted = track(apps.get(app).killAndRestart(jarOf(app), configOf(app, postgres), logs,
                ++restarts));
        apps.put(app, restarted);
        restarted.awaitReady(START_TIMEOUT);
    }

    private Map<String, String> configOf(String app, StackDatabase postgres) {
        Map<String, String> config = new LinkedHashMap<>();
        config.put("kafka.bootstrap.servers", kafka.bootstrapServers());
        config.put("quarkus.otel.exporter.otlp.traces.endpoint", "http://127.0.0.1:" + traces.port());
        config.put("quarkus.otel.exporter.otlp.traces.protocol", "http/protobuf");
        config.put("quarkus.otel.bsp.schedule.delay", "200ms");
        if (app.equals("snapshot-service") || app.equals("router-service") || app.equals("executor-service")
                || app.equals(StackOptions.GATEWAY)) {
            // Turns, discovery offers and artifact reads run as the principal the chat backend's token asserts.
            config.putAll(chatBackendKey.issuerConfig(DEMO_TENANTS));
        }
        config.putAll(serviceKeys.configOf(app));
        options.external().model().ifPresent(model -> config.putAll(model.configOf(app)));
        if (StackOptions.SERVICES.contains(app)) {
            config.put("capplanner.dead-letters.keys", deadLetterKeys);
            config.put("capplanner.dead-letters.active-key", DEAD_LETTER_KEY_ID);
        }
        if (app.equals("snapshot-service")) {
            config.put("snapshot.credentials.directory", secretsDirectory().toString());
            config.put("snapshot.egress.allowed-hosts", "127.0.0.1,localhost");
            config.put("snapshot.egress.allow-private-addresses", "true");
            // Every source of the local stack listens on this machine.
            config.put("snapshot.sources.allowed-private-networks", "127.0.0.0/8,::1/128");
        }
        if (app.equals("executor-service")) {
            config.put("executor.targets.demo-api.url", apps.get("demo-api").url(""));
            config.put("executor.targets." + DemoConnections.SHIPPING_DESK_TARGET + ".url", apps.get("demo-api").url("/mcp"));
            config.put("executor.snapshot-service.url", apps.get("snapshot-service").url(""));
            // Sources an operator registers with a baseUrl run on this machine too: loopback is allowed here only.
            config.put("executor.egress.allowed-hosts", "127.0.0.1,localhost");
            config.put("executor.egress.allow-private-addresses", "true");
            config.put("executor.credentials.directory", secretsDirectory().toString());
            config.put("capplanner.seal.keys", sealKeys);
            config.put("capplanner.plan-seal.keys", planSealKeys);
            config.put("capplanner.observation-seal.keys", observationSealKeys);
            config.put("capplanner.observation-seal.active-key", OBSERVATION_SEAL_KEY_ID);
        }
        if (app.equals(StackOptions.GATEWAY)) {
            // The MCP face lists the caller's tools at the router and reads chosen rows at the executor.
            config.put("gateway.router-url", apps.get("router-service").url(""));
            config.put("gateway.executor-url", apps.get("executor-service").url(""));
        }
        if (app.equals("router-service")) {
            config.put("router.snapshot-service.url", apps.get("snapshot-service").url(""));
            config.put("capplanner.seal.keys", sealKeys);
            config.put("capplanner.route-seal.keys", routeSealKeys);
            config.put("capplanner.route-seal.active-key", ROUTE_SEAL_KEY_ID);
        }
        if (app.equals("planner-service")) {
            config.put("planner.mode", options.plannerMode());
            // The legacy path is offered the run's whole snapshot, fetched by hash and verified.
            config.put("planner.snapshot-service.url", apps.get("snapshot-service").url(""));
            config.put("capplanner.seal.keys", sealKeys);
            config.put("capplanner.plan-seal.keys", planSealKeys);
            config.put("capplanner.plan-seal.active-key", PLAN_SEAL_KEY_ID);
            config.put("capplanner.comparison-seal.keys", comparisonSealKeys);
            config.put("capplanner.comparison-seal.active-key", COMPARISON_SEAL_KEY_ID);
            config.put("capplanner.route-seal.keys", routeSealKeys);
            config.put("capplanner.observation-seal.keys", observationSealKeys);
        }
        if (app.equals("snapshot-service")) {
            config.put("capplanner.seal.keys", sealKeys);
            config.put("capplanner.seal.active-key", SEAL_KEY_ID);
            config.put("snapshot.seed-registry", "classpath:catalog/demo-registry.json");
            config.put("snapshot.admin-token", adminToken);
            // The demo tenant's chat backend may pass /all (the demo conversation does once).
            config.put("snapshot.trusted-commands.acme", "/all");
        }
        if (app.equals("shadow-report-service")) {
            config.put("reports.masking.key", maskingKey);
            // Comparisons and call counts are stored only under their producers' seals.
            config.put("capplanner.comparison-seal.keys", comparisonSealKeys);
            config.put("capplanner.observation-seal.keys", observationSealKeys);
            config.put("mp.jwt.verify.publickey.location", analystKey.publicKeyFile().toString());
            config.put("mp.jwt.verify.issuer", AnalystKey.ISSUER);
        }
        if (app.equals("shadow-report-service") || app.equals("snapshot-service") || app.equals("executor-service")) {
            config.put("quarkus.datasource.jdbc.url", postgres.jdbcUrl());
            config.put("quarkus.datasource.reactive.url", postgres.reactiveUrl());
            config.put("quarkus.datasource.username", postgres.user());
            postgres.password().ifPresent(password -> config.put("quarkus.datasource.password", password));
        }
        return config;
    }

    static List<String> topics() {
        List<String> topics = new ArrayList<>(Arrays.stream(EventType.values()).map(EventType::topic).toList());
        StackOptions.SERVICES.forEach(service -> topics.add(Topics.deadLetters(service)));
        return topics;
    }

    public StackOptions options() {
        return options;
    }

    /** Where the stack prints what it does (the replay prints its turns there too). */
    public PrintStream out() {
        return out;
    }

    @Override
    public Optional<OtlpTraceReceiver> traceReceiver() {
        return Optional.of(traces);
    }

    @Override
    public Optional<ReportAccess> reports() {
        return Optional.of(new ReportAccess(reportServiceUrl(), analystToken()));
    }

    @Override
    public PrincipalTokenSigner turnSigner() {
        return chatBackendKey.signer();
    }

    /** The PKCS#8 PEM private key the stack's chat backend signs principal tokens with. */
    public Path chatBackendSigningKey() {
        return chatBackendKey.privateKeyFile();
    }

    @Override
    public boolean startedHere() {
        return true;
    }

    @Override
    public int databasePort() {
        return postgres.port();
    }

    /** The demo API and the five services, by name, as started. */
    @Override
    public Map<String, ServiceProcess> apps() {
        return Map.copyOf(apps);
    }

    /** Where the stack's Kafka broker listens. */
    @Override
    public String kafkaBootstrapServers() {
        return kafka.bootstrapServers();
    }

    /** The report service's base URL and a token of an analyst and reviewer of the demo tenants. */
    public String reportServiceUrl() {
        return apps.get("shadow-report-service").url("");
    }

    public String analystToken() {
        return analystKey.analystToken(DEMO_TENANTS);
    }

    /** Switches the tenant's planner mode as an operator would (the admin API), from its next turn on. */
    public void switchPlannerMode(String tenant, String mode, String reason) {
        DemoConnections.switchPlannerMode(apps.get("snapshot-service"), tenant, mode, reason, adminToken);
    }

    /** Where to look while the stack runs. */
    public Map<String, String> urls() {
        Map<String, String> urls = new LinkedHashMap<>();
        urls.put("report API", apps.get("shadow-report-service").url("/reports")
                + " (header Authorization: Bearer " + analystKey.analystToken(DEMO_TENANTS) + ")");
        urls.put("demo API", apps.get("demo-api").url("/openapi.json"));
        urls.put("registry admin API", apps.get("snapshot-service").url("/admin/connections")
                + " (header Authorization: Bearer " + adminToken + ")");
        urls.put("executor API", apps.get("executor-service").url("/artifacts/{handle}?conversationId=...")
                + " (header Authorization: Bearer <principal token>)");
        if (apps.containsKey(StackOptions.GATEWAY)) {
            urls.put("turn gateway", "POST " + apps.get(StackOptions.GATEWAY).url("/turns")
                    + " (header Authorization: Bearer <principal token>; Accept: text/event-stream streams progress)");
            urls.put("MCP server", apps.get(StackOptions.GATEWAY).url("/mcp")
                    + " (streamable HTTP; header Authorization: Bearer <principal token>)");
        }
        StackOptions.SERVICES.forEach(s -> urls.put(s + " health", apps.get(s).managementUrl("/q/health")));
        urls.put("kafka", kafka.bootstrapServers());
        urls.put("executor secrets", secretsDirectory() + "/<tenant>/<name> (a credential's file:<name>)");
        // The key is this run's own (the stack's dead letters are unreadable without it once it stops).
        urls.put("dead letters", "CAPPLANNER_DEAD_LETTERS_KEYS=" + deadLetterKeys
                + " ./open-dead-letters.sh --topic capplanner.<service>.dlq.v1 --bootstrap-server "
                + kafka.bootstrapServers());
        return urls;
    }

    /**
     * Registers a connection through the registry's admin API, as an operator would (the body of
     * {@code POST /admin/connections}); fails unless it answers 201.
     *
     * @return the registry's summary of the import
     */
    public String registerConnection(String registration) {
        return DemoConnections.register(apps.get("snapshot-service"), registration, adminToken, "a connection");
    }

    /** Where the executor reads registered connections' secrets, one directory per tenant. */
    public Path secretsDirectory() {
        return workDir.resolve("secrets");
    }

    private <T extends AutoCloseable> T track(T resource) {
        started.add(resource);
        return resource;
    }

    /** Stops everything in reverse start order and removes the temporary state; safe to call twice. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        apps.values().forEach(ServiceProcess::requestStop);
        for (int i = started.size() - 1; i >= 0; i--) {
            try {
                started.get(i).close();
            } catch (Exception e) {
                System.err.println("warning: stopping " + started.get(i).getClass().getSimpleName() + ": " + e.getMessage());
            }
        }
        try (Stream<Path> paths = Files.walk(workDir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            System.err.println("warning: could not remove " + workDir + ": " + e.getMessage());
        }
    }

    /** A port the stack needs is taken: a one-line error, not a stack trace. */
    public static final class PortTakenException extends RuntimeException {
        public PortTakenException(String message) {
            super(message);
        }
    }
}
