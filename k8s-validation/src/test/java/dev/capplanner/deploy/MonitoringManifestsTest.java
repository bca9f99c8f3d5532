package dev.capplanner.deploy;

import static dev.capplanner.deploy.Objects.at;
import static dev.capplanner.deploy.Objects.list;
import static dev.capplanner.deploy.Objects.named;
import static dev.capplanner.deploy.Objects.ofKind;
import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The prod overlay's monitoring against the services and the runbook: every service is scraped on its
 * management port, every alert has a runbook entry, every series an alert or a dashboard panel reads
 * is one a service defines (a renamed metric would otherwise leave an alert that can never fire), and
 * the analysts' Ingress leads to the report service's own routes.
 */
class MonitoringManifestsTest {

    static final List<Map<String, Object>> PROD = Kustomization.render(Repository.k8s().resolve("overlays/prod"));
    static final List<String> SERVICES = List.of("snapshot-service", "router-service", "planner-service",
            "executor-service", "shadow-report-service");
    /** Where metrics are defined: the services and the Kafka edge they share. */
    static final List<String> SERVICES_AND_SHARED = Stream.concat(SERVICES.stream(), Stream.of("event-bus")).toList();
    /**
     * Series of the libraries every service runs (Micrometer's JVM and process binders, the Kafka client's,
     * as a scrape of ./run-local.sh shows them) and kube-state-metrics'.
     */
    static final List<String> LIBRARY_SERIES = List.of("jvm_memory_used_bytes", "process_cpu_usage", "system_cpu_count",
            "kafka_consumer_fetch_manager_records_lag", "kube_deployment_status_replicas_available",
            "kube_deployment_spec_replicas");
    static final Pattern WORD = Pattern.compile("\\b[a-z_][a-z0-9_]*\\b");
    static final Pattern PROMQL_WORDS = Pattern.compile("^(sum|max|min|avg|count|rate|increase|histogram_quantile"
            + "|clamp_min|max_over_time|and|or|unless|bool)$");

    @Test
    void everyServiceIsScrapedOnTheManagementPortItsPodsDeclare() {
        for (String service : SERVICES) {
            Map<String, Object> monitor = named(PROD, "PodMonitor", service);
            assertThat((Map<String, Object>) at(monitor, "spec.selector.matchLabels"))
                    .containsEntry("app.kubernetes.io/name", service);
            Map<String, Object> endpoint = list(monitor, "spec.podMetricsEndpoints").get(0);
            assertThat(endpoint).containsEntry("port", "management").containsEntry("path", "/q/metrics");
            assertThat(list(endpoint, "relabelings")).as("the alerts and the dashboard group by service")
                    .anySatisfy(relabel -> assertThat(relabel).containsEntry("targetLabel", "service")
                            .containsEntry("sourceLabels", List.of("__meta_kubernetes_pod_label_app_kubernetes_io_name")));
            Map<String, Object> deployment = named(PROD, "Deployment", service);
            assertThat(list(deployment, "spec.template.spec.containers").get(0).get("ports").toString())
                    .contains("name=management");
        }
    }

    @Test
    void everyAlertHasARunbookEntryUnderItsOwnHeading() throws IOException {
        Set<String> anchors = Files.readAllLines(Repository.home().resolve("docs/sre-runbook.md")).stream()
                .filter(line -> line.startsWith("#")).map(MonitoringManifestsTest::anchor)
                .collect(Collectors.toSet());
        List<Map<String, Object>> alerts = alerts();
        assertThat(alerts).extracting(alert -> (String) alert.get("alert")).as("the issue's six kinds, and more")
                .contains("CapplannerDeadLettersGrowing", "CapplannerConsumerLagHigh", "CapplannerTargetCircuitOpen",
                        "CapplannerPromotionGateStoppedPassing", "CapplannerSealVerificationFailures",
                        "CapplannerOwnerLeaseTakeovers");
        for (Map<String, Object> alert : alerts) {
            String name = (String) alert.get("alert");
            assertThat((String) at(alert, "annotations.runbook")).as(name)
                    .isEqualTo("docs/sre-runbook.md#" + name.toLowerCase(Locale.ROOT));
            assertThat(anchors).as("a heading '%s' in docs/sre-runbook.md", name).contains(name.toLowerCase(Locale.ROOT));
            assertThat(at(alert, "labels.severity").toString()).isIn("warning", "critical");
        }
    }

    @Test
    void everySeriesTheAlertsAndTheDashboardReadIsDefinedByAService() {
        Set<String> defined = definedMetricNames();
        List<String> expressions = new ArrayList<>();
        alerts().forEach(alert -> expressions.add((String) alert.get("expr")));
        JsonObject dashboard = dashboard();
        dashboard.getJsonArray("panels").forEach(panel -> ((JsonObject) panel).getJsonArray("targets")
                .forEach(target -> expressions.add(((JsonObject) target).getString("expr"))));
        List<String> unknown = new ArrayList<>();
        for (String expression : expressions) {
            Set<String> series = series(expression);
            assertThat(series).as(expression).isNotEmpty();
            for (String name : series) {
                boolean ours = name.startsWith("capplanner_") && defined.contains(micrometerName(name));
                boolean library = LIBRARY_SERIES.contains(name);
                if (!ours && !library) {
                    unknown.add(name + " in " + expression);
                }
            }
        }
        assertThat(unknown).isEmpty();
    }

    @Test
    void theSeriesOfAnExpressionAreItsMetricNamesNotItsLabelsFunctionsOrStrings() {
        assertThat(series("sum by (namespace, le) (rate(a_bucket{topic=~\"capplanner[.].+\"}[5m])) / "
                + "clamp_min(max_over_time(b_total[1d]), 1) > 60 and on (tenant) c == 0")).containsExactly("a_bucket",
                "b_total", "c");
        assertThat(micrometerName("capplanner_turn_duration_seconds_bucket")).isEqualTo("capplanner.turn.duration");
        assertThat(micrometerName("capplanner_dead_letters_total")).isEqualTo("capplanner.dead.letters");
    }

    @Test
    void theDashboardIsOneGrafanaDashboardWhosePanelsAllQueryTheChosenNamespace() {
        JsonObject dashboard = dashboard();
        assertThat(dashboard.getString("uid")).isEqualTo("capability-planner");
        assertThat(dashboard.getJsonArray("panels")).isNotEmpty().allSatisfy(panel ->
                assertThat(((JsonObject) panel).getJsonArray("targets")).isNotEmpty().allSatisfy(target ->
                        assertThat(((JsonObject) target).getString("expr")).contains("namespace=\"$namespace\"")));
    }

    @Test
    void theAnalystsIngressLeadsOnlyToTheReportServicesOwnRoutesOverTls() throws IOException {
        Map<String, Object> ingress = named(PROD, "Ingress", "shadow-report-service");
        assertThat(list(ingress, "spec.tls")).isNotEmpty();
        Set<String> roots = restRoots(Repository.home().resolve("shadow-report-service/src/main/java"));
        // The dashboard page loads its chart library from the service too (DashboardResource).
        roots.add(webjarLoadedByTheDashboard());
        Map<String, Object> service = named(PROD, "Service", "shadow-report-service");
        for (Map<String, Object> rule : list(ingress, "spec.rules")) {
            for (Map<String, Object> path : list(rule, "http.paths")) {
                assertThat(roots).as("a resource of the report service").contains((String) path.get("path"));
                assertThat((String) at(path, "backend.service.name")).isEqualTo("shadow-report-service");
                assertThat(list(service, "spec.ports")).extracting(port -> port.get("name"))
                        .contains((String) at(path, "backend.service.port.name"));
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> alerts() {
        List<Map<String, Object>> alerts = new ArrayList<>();
        for (Map<String, Object> rule : ofKind(PROD, "PrometheusRule")) {
            for (Map<String, Object> group : list(rule, "spec.groups")) {
                for (Map<String, Object> each : (List<Map<String, Object>>) group.get("rules")) {
                    if (each.containsKey("alert")) {
                        alerts.add(each);
                    }
                }
            }
        }
        return alerts;
    }

    private static JsonObject dashboard() {
        Map<String, Object> configMap = named(PROD, "ConfigMap", "capplanner-grafana-dashboard");
        return new JsonObject((String) ((Map<String, Object>) configMap.get("data")).get("capability-planner.json"));
    }

    /**
     * The series an expression names: its words once quoted strings, label selectors, ranges and
     * grouping clauses are taken out, less PromQL's own functions and keywords.
     */
    static Set<String> series(String expression) {
        String bare = expression.replaceAll("\"[^\"]*\"", "").replaceAll("\\{[^}]*}", " ")
                .replaceAll("\\[[^]]*]", " ").replaceAll("\\b(by|without|on|ignoring)\\s*\\([^)]*\\)", " ");
        Set<String> names = new TreeSet<>();
        Matcher matcher = WORD.matcher(bare);
        while (matcher.find()) {
            if (!PROMQL_WORDS.matcher(matcher.group()).matches()) {
                names.add(matcher.group());
            }
        }
        return names;
    }

    /** capplanner_turn_duration_seconds_bucket -> capplanner.turn.duration, as Micrometer names it. */
    static String micrometerName(String series) {
        return series.replaceAll("_(bucket|count|sum|max)$", "").replaceAll("_(total|seconds)$", "").replace('_', '.');
    }

    /** Every quoted dotted capplanner.* name in the services' main sources. */
    private static Set<String> definedMetricNames() {
        Pattern quoted = Pattern.compile("\"(capplanner(\\.[a-z]+)+)\"");
        Set<String> names = new TreeSet<>();
        for (String module : SERVICES_AND_SHARED) {
            try (Stream<Path> sources = Files.walk(Repository.home().resolve(module).resolve("src/main/java"))) {
                for (Path source : sources.filter(p -> p.toString().endsWith(".java")).toList()) {
                    Matcher matcher = quoted.matcher(Files.readString(source));
                    while (matcher.find()) {
                        names.add(matcher.group(1));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return names;
    }

    private static Set<String> restRoots(Path sources) throws IOException {
        Pattern path = Pattern.compile("^@Path\\(\"(/[^/\"]+)", Pattern.MULTILINE);
        Set<String> roots = new TreeSet<>();
        try (Stream<Path> files = Files.walk(sources)) {
            for (Path file : files.filter(p -> p.toString().endsWith("Resource.java")).toList()) {
                Matcher matcher = path.matcher(Files.readString(file));
                while (matcher.find()) {
                    roots.add(matcher.group(1));
                }
            }
        }
        return roots;
    }

    private static String webjarLoadedByTheDashboard() throws IOException {
        Matcher webjar = Pattern.compile("\"(/webjars/[a-z0-9-]+/)").matcher(Files.readString(Repository.home()
                .resolve("shadow-report-service/src/main/java/dev/capplanner/reports/rest/DashboardResource.java")));
        assertThat(webjar.find()).as("the dashboard names the webjar it loads").isTrue();
        return webjar.group(1);
    }

    /** GitHub's anchor of a Markdown heading. */
    static String anchor(String heading) {
        return heading.replaceFirst("^#+\\s*", "").toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9 _-]", "")
                .replace(' ', '-');
    }
}
