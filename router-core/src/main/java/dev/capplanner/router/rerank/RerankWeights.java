package dev.capplanner.router.rerank;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A linear reranker's weights, one per {@link RerankFeatures#NAMES} entry, and whether the router runs it
 * ({@code enabled}). The shipped file ({@value #RESOURCE}) is written by {@code ./run-eval.sh
 * --rerank-study ... --write-weights FILE}: fitted on every dataset given, enabled only when the
 * leave-one-dataset-out table gained on every held-out dataset. Loading fails on a missing or unknown
 * feature: weights fitted for other features must not be read as these.
 */
public record RerankWeights(boolean enabled, double[] weights, String provenance) {

    public static final String RESOURCE = "/dev/capplanner/router/rerank/reranker-weights.properties";

    public RerankWeights {
        if (weights.length != RerankFeatures.NAMES.size()) {
            throw new IllegalArgumentException("expected " + RerankFeatures.NAMES.size() + " weights, got "
                    + weights.length);
        }
        for (double weight : weights) {
            if (!Double.isFinite(weight)) {
                throw new IllegalArgumentException("weights must be finite");
            }
        }
        weights = weights.clone();
        provenance = provenance == null ? "" : provenance;
    }

    /** The weights the router ships with. */
    public static RerankWeights shipped() {
        try (InputStream in = RerankWeights.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing");
            }
            return parse(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Reads {@code key=value} lines ({@code #} comments): {@code enabled} ({@code true} or {@code false}),
     * {@code provenance}, and one {@code weight.NAME} per feature. Anything else, a key given twice, a
     * missing feature or a value that is no number is an error naming it.
     */
    public static RerankWeights parse(String text) {
        Map<String, String> entries = new LinkedHashMap<>();
        int number = 0;
        for (String line : text.split("\n")) {
            number++;
            String entry = line.strip();
            if (entry.isEmpty() || entry.startsWith("#")) {
                continue;
            }
            int equals = entry.indexOf('=');
            if (equals <= 0) {
                throw new IllegalArgumentException("line " + number + " is not key=value");
            }
            String key = entry.substring(0, equals).strip();
            if (entries.put(key, entry.substring(equals + 1).strip()) != null) {
                throw new IllegalArgumentException(key + " is given twice");
            }
        }
        for (String key : entries.keySet()) {
            if (!key.equals("enabled") && !key.equals("provenance") && !(key.startsWith("weight.")
                    && RerankFeatures.NAMES.contains(key.substring("weight.".length())))) {
                throw new IllegalArgumentException(key.startsWith("weight.")
                        ? "unknown feature " + key.substring("weight.".length()) : "unknown key " + key);
            }
        }
        String enabled = entries.getOrDefault("enabled", "false");
        if (!enabled.equals("true") && !enabled.equals("false")) {
            throw new IllegalArgumentException("enabled is true or false, not " + enabled);
        }
        double[] weights = new double[RerankFeatures.NAMES.size()];
        for (int i = 0; i < weights.length; i++) {
            String feature = RerankFeatures.NAMES.get(i);
            String value = entries.get("weight." + feature);
            if (value == null) {
                throw new IllegalArgumentException("no weight for feature " + feature);
            }
            try {
                weights[i] = Double.parseDouble(value);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("the weight of " + feature + " is no number: " + value);
            }
        }
        return new RerankWeights(enabled.equals("true"), weights, entries.getOrDefault("provenance", ""));
    }

    /** The file's text: {@code enabled}, a provenance line, one {@code weight.NAME} per feature. */
    public String text() {
        StringBuilder text = new StringBuilder();
        text.append("# Written by ./run-eval.sh --rerank-study (docs/benchmarks.md, \"Reranking the top 40\"); do not edit by hand.\n");
        text.append("enabled=").append(enabled).append('\n');
        text.append("provenance=").append(provenance.replaceAll("\\p{Cntrl}", " ")).append('\n');
        for (int i = 0; i < weights.length; i++) {
            text.append("weight.").append(RerankFeatures.NAMES.get(i)).append('=')
                    .append(String.format(Locale.ROOT, "%.6f", weights[i])).append('\n');
        }
        return text.toString();
    }

    /** Feature name -> weight, in feature order. */
    public Map<String, Double> byFeature() {
        Map<String, Double> named = new LinkedHashMap<>();
        List<String> names = RerankFeatures.NAMES;
        for (int i = 0; i < names.size(); i++) {
            named.put(names.get(i), weights[i]);
        }
        return named;
    }

    @Override
    public double[] weights() {
        return weights.clone();
    }
}
