package dev.capplanner.localstack.load;

import dev.capplanner.localstack.stack.StackService;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Each service's own stage time (the event bus's {@code capplanner_stage_duration_seconds}: a stage's
 * logic per consumed event, Kafka excluded), read from its Prometheus endpoint after a run.
 */
public final class StageMetrics {

    /** One consumed event type of one service: how many, and the per-event median and 95th percentile. */
    public record Stage(String service, String event, long count, double p50Ms, double p95Ms) {
    }

    /** A sample line, with the exemplar (a trace's span) that may follow a counter's value. */
    private static final Pattern LINE = Pattern.compile(
            "^capplanner_stage_duration_seconds(_count)?\\{([^}]*)}\\s+([0-9.eE+-]+)(?:\\s+#.*)?$");
    private static final Pattern LABEL = Pattern.compile("(\\w+)=\"([^\"]*)\"");

    private StageMetrics() {
    }

    static List<Stage> read(Map<String, ? extends StackService> services) {
        HttpClient http = HttpClient.newHttpClient();
        List<Stage> stages = new ArrayList<>();
        services.forEach((name, process) -> stages.addAll(parse(name, scrape(http, process.managementUrl("/q/metrics")))));
        return stages;
    }

    /** The events each stage consumed between two readings (its percentiles as of the second). */
    static List<Stage> since(List<Stage> before, List<Stage> after) {
        return after.stream().map(stage -> new Stage(stage.service(), stage.event(), stage.count() - before.stream()
                        .filter(b -> b.service().equals(stage.service()) && b.event().equals(stage.event()))
                        .mapToLong(Stage::count).sum(), stage.p50Ms(), stage.p95Ms()))
                .filter(stage -> stage.count() > 0).toList();
    }

    static List<Stage> parse(String service, String prometheusText) {
        Map<String, long[]> counts = new LinkedHashMap<>();
        Map<String, double[]> quantiles = new LinkedHashMap<>();
        for (String line : prometheusText.split("\n")) {
            Matcher matcher = LINE.matcher(line.strip());
            if (!matcher.matches()) {
                continue;
            }
            Map<String, String> labels = new LinkedHashMap<>();
            Matcher label = LABEL.matcher(matcher.group(2));
            while (label.find()) {
                labels.put(label.group(1), label.group(2));
            }
            String event = labels.get("event");
            double value = Double.parseDouble(matcher.group(3));
            if (event == null) {
                continue;
            }
            if (matcher.group(1) != null) {
                counts.computeIfAbsent(event, e -> new long[1])[0] = (long) value;
            } else if ("0.5".equals(labels.get("quantile"))) {
                quantiles.computeIfAbsent(event, e -> new double[2])[0] = value * 1000;
            } else if ("0.95".equals(labels.get("quantile"))) {
                quantiles.computeIfAbsent(event, e -> new double[2])[1] = value * 1000;
            }
        }
        List<Stage> stages = new ArrayList<>();
        counts.forEach((event, count) -> {
            double[] q = quantiles.getOrDefault(event, new double[2]);
            stages.add(new Stage(service, event, count[0], q[0], q[1]));
        });
        return stages;
    }

    private static String scrape(HttpClient http, String url) {
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(url)).build(),
                    HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? response.body() : "";
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }
}
