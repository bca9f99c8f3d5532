package dev.capplanner.router.evaluation;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.semantic.CapabilityEmbeddings;
import dev.capplanner.router.semantic.MiniLmEmbedder;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Measurement only ({@code ./run-eval.sh --rerank-study --token-features}): token-level
 * (late-interaction) similarity from the in-process MiniLM model's token states (the same quantized
 * model the router embeds with, run on the text it embeds for a capability, its description read whole),
 * to learn whether
 * that information would pay before the router is asked to hold token vectors. Per (question part,
 * candidate): the mean over the question's word pieces of their best cosine with any of the
 * candidate's ({@code token_match}), the mean over the candidate's of their best with the
 * question's ({@code token_coverage}), and each one's gap to the best candidate of the list. Every
 * text's token states are kept in memory, so this is for datasets, not for a router.
 */
public final class LateInteraction {

    /** The features it adds, in order. */
    static final List<String> NAMES = List.of("token_match", "token_coverage", "token_match_gap",
            "token_coverage_gap");

    private static final Pattern WORD_PIECE = Pattern.compile("(##)?[\\p{L}\\p{N}]+");
    private static final int MAX_TOKENS = 128;

    private final OrtEnvironment environment = OrtEnvironment.getEnvironment();
    private final OrtSession session;
    private final HuggingFaceTokenizer tokenizer;
    private final Map<String, float[][]> states = new ConcurrentHashMap<>();

    public LateInteraction() {
        ClassLoader resources = LateInteraction.class.getClassLoader();
        try (InputStream model = resources.getResourceAsStream("all-minilm-l6-v2-q.onnx");
                InputStream tokens = resources.getResourceAsStream("all-minilm-l6-v2-q-tokenizer.json")) {
            OrtSession.SessionOptions options = new OrtSession.SessionOptions();
            options.setIntraOpNumThreads(1);
            session = environment.createSession(model.readAllBytes(), options);
            tokenizer = HuggingFaceTokenizer.newInstance(tokens, Map.of("maxLength", String.valueOf(MAX_TOKENS),
                    "truncation", "true"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (OrtException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One row of {@link #NAMES}' values per candidate. */
    double[][] features(String question, List<Capability> candidates) {
        float[][] asked = states(question);
        double[][] rows = new double[candidates.size()][];
        double bestMatch = -1;
        double bestCoverage = -1;
        for (int i = 0; i < rows.length; i++) {
            Capability candidate = candidates.get(i);
            float[][] offered = states(CapabilityEmbeddings.text(candidate, candidate.description()));
            rows[i] = new double[] {meanBest(asked, offered), meanBest(offered, asked), 0, 0};
            bestMatch = Math.max(bestMatch, rows[i][0]);
            bestCoverage = Math.max(bestCoverage, rows[i][1]);
        }
        for (double[] row : rows) {
            row[2] = row[0] - bestMatch;
            row[3] = row[1] - bestCoverage;
        }
        return rows;
    }

    private static double meanBest(float[][] from, float[][] to) {
        if (from.length == 0 || to.length == 0) {
            return 0;
        }
        double sum = 0;
        for (float[] a : from) {
            double best = -1;
            for (float[] b : to) {
                double dot = 0;
                for (int i = 0; i < a.length; i++) {
                    dot += a[i] * b[i];
                }
                best = Math.max(best, dot);
            }
            sum += best;
        }
        return sum / from.length;
    }

    private float[][] states(String text) {
        return states.computeIfAbsent(text, this::encode);
    }

    private float[][] encode(String text) {
        Encoding encoding = tokenizer.encode(text);
        try (OnnxTensor ids = OnnxTensor.createTensor(environment, new long[][] {encoding.getIds()});
                OnnxTensor mask = OnnxTensor.createTensor(environment, new long[][] {encoding.getAttentionMask()});
                OnnxTensor types = OnnxTensor.createTensor(environment, new long[][] {encoding.getTypeIds()})) {
            Map<String, OnnxTensor> inputs = new HashMap<>();
            inputs.put("input_ids", ids);
            inputs.put("attention_mask", mask);
            if (session.getInputNames().contains("token_type_ids")) {
                inputs.put("token_type_ids", types);
            }
            try (OrtSession.Result result = session.run(inputs)) {
                float[][] hidden = ((float[][][]) result.get(0).getValue())[0];
                String[] tokens = encoding.getTokens();
                List<float[]> kept = new ArrayList<>();
                for (int i = 0; i < tokens.length && i < hidden.length; i++) {
                    if (WORD_PIECE.matcher(tokens[i]).matches()) {
                        kept.add(MiniLmEmbedder.normalize(hidden[i]));
                    }
                }
                return kept.toArray(float[][]::new);
            }
        } catch (OrtException e) {
            throw new IllegalStateException(e);
        }
    }
}
