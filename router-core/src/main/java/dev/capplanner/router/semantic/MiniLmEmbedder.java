package dev.capplanner.router.semantic;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.onnx.AbstractInProcessEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.OnnxBertBiEncoder;
import dev.langchain4j.model.embedding.onnx.PoolingMode;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * all-MiniLM-L6-v2 (quantized), run in-process by ONNX Runtime; the model ships inside a Maven
 * artifact, so nothing is downloaded at run time. About 2 ms per short sentence on these cores.
 *
 * <p>The session runs each embedding on the calling thread alone, without ONNX Runtime's own thread
 * pool: a router embeds one short question per turn while other turns use the other cores, and the
 * pool's threads spin-wait after every embedding (ONNX Runtime's default), which cost four times
 * the embedding's own CPU when questions arrive 20 ms apart (docs/benchmarks.md, "Third session").
 * The vectors are the same either way.
 *
 * <p>{@link #tokenVectors} runs the same model and session on a text cut to its first
 * {@value #MAX_TOKEN_INPUT} word pieces and returns the states of its word pieces themselves, for the
 * second stage's token-level similarity.
 */
public final class MiniLmEmbedder implements TextEmbedder {

    /** Word pieces a token-level reading runs the model on (the text's start). */
    public static final int MAX_TOKEN_INPUT = 128;
    private static final Pattern WORD_PIECE = Pattern.compile("(##)?[\\p{L}\\p{N}]+");

    private static final String MODEL_RESOURCE = "all-minilm-l6-v2-q.onnx";
    private static final String TOKENIZER_RESOURCE = "all-minilm-l6-v2-q-tokenizer.json";

    /** One session per JVM, opened on first use, as the stock model keeps one: the model is 23 MB. */
    private static final class Shared {
        static final Loaded LOADED = load();
        static final SingleThreadedModel MODEL = new SingleThreadedModel(LOADED.encoder());
    }

    private record Loaded(OrtEnvironment environment, OrtSession session, OnnxBertBiEncoder encoder,
                          HuggingFaceTokenizer tokenizer) {
    }

    private final SingleThreadedModel model = Shared.MODEL;

    @Override
    public float[] embed(String text) {
        return normalize(model.embed(TextSegment.from(text)).content().vector());
    }

    /**
     * The unit-length output states of the text's word pieces (special tokens and punctuation left
     * out), in order, from the model run on the text's first {@value #MAX_TOKEN_INPUT} pieces (with
     * [CLS] and [SEP]).
     */
    @Override
    public float[][] tokenVectors(String text) {
        return read(text).tokens();
    }

    /**
     * Both from one run of the model: the vector is the mean of all the output states, as
     * {@link #embed} pools them (the model's tokenizer cuts every text to its first
     * {@value #MAX_TOKEN_INPUT} pieces either way, so the two agree on long texts too).
     */
    @Override
    public EmbeddedText embedWithTokens(String text) {
        return read(text);
    }

    private static EmbeddedText read(String text) {
        Loaded loaded = Shared.LOADED;
        Encoding encoding = loaded.tokenizer().encode(text);
        OrtEnvironment environment = loaded.environment();
        try (OnnxTensor ids = OnnxTensor.createTensor(environment, new long[][] {encoding.getIds()});
                OnnxTensor mask = OnnxTensor.createTensor(environment, new long[][] {encoding.getAttentionMask()});
                OnnxTensor types = OnnxTensor.createTensor(environment, new long[][] {encoding.getTypeIds()})) {
            Map<String, OnnxTensor> inputs = new HashMap<>();
            inputs.put("input_ids", ids);
            inputs.put("attention_mask", mask);
            if (loaded.session().getInputNames().contains("token_type_ids")) {
                inputs.put("token_type_ids", types);
            }
            try (OrtSession.Result result = loaded.session().run(inputs)) {
                float[][] states = ((float[][][]) result.get(0).getValue())[0];
                String[] tokens = encoding.getTokens();
                List<float[]> pieces = new ArrayList<>();
                long[] attended = encoding.getAttentionMask();
                float[] sum = new float[states.length == 0 ? 0 : states[0].length];
                int counted = 0;
                for (int i = 0; i < states.length && i < attended.length; i++) {
                    if (attended[i] == 0) {
                        continue;
                    }
                    counted++;
                    for (int d = 0; d < sum.length; d++) {
                        sum[d] += states[i][d];
                    }
                    if (i < tokens.length && WORD_PIECE.matcher(tokens[i]).matches()) {
                        pieces.add(normalize(states[i]));
                    }
                }
                for (int d = 0; d < sum.length; d++) {
                    sum[d] /= Math.max(1, counted);
                }
                return new EmbeddedText(normalize(sum), pieces.toArray(float[][]::new));
            }
        } catch (OrtException e) {
            throw new IllegalStateException("the embedding model failed on a text", e);
        }
    }

    @Override
    public String modelId() {
        return "all-minilm-l6-v2-q";
    }

    /** The vector scaled to unit length (a zero vector as it is). */
    public static float[] normalize(float[] vector) {
        double norm = 0;
        for (float v : vector) {
            norm += v * v;
        }
        norm = Math.sqrt(norm);
        if (norm == 0) {
            return vector;
        }
        float[] unit = new float[vector.length];
        for (int i = 0; i < vector.length; i++) {
            unit[i] = (float) (vector[i] / norm);
        }
        return unit;
    }

    /** The options the session runs with: the calling thread only, nothing left spinning. */
    static OrtSession.SessionOptions callingThreadOnly() throws OrtException {
        OrtSession.SessionOptions options = new OrtSession.SessionOptions();
        options.setIntraOpNumThreads(1);
        options.setInterOpNumThreads(1);
        options.setExecutionMode(OrtSession.SessionOptions.ExecutionMode.SEQUENTIAL);
        options.addConfigEntry("session.intra_op.allow_spinning", "0");
        options.addConfigEntry("session.inter_op.allow_spinning", "0");
        return options;
    }

    private static Loaded load() {
        ClassLoader resources = MiniLmEmbedder.class.getClassLoader();
        try (InputStream modelBytes = resources.getResourceAsStream(MODEL_RESOURCE);
                InputStream tokenizer = resources.getResourceAsStream(TOKENIZER_RESOURCE);
                OrtSession.SessionOptions options = callingThreadOnly()) {
            if (modelBytes == null || tokenizer == null) {
                throw new IllegalStateException("the embedding model is not on the class path: " + MODEL_RESOURCE);
            }
            byte[] tokenizerJson = tokenizer.readAllBytes();
            OrtEnvironment environment = OrtEnvironment.getEnvironment();
            OrtSession session = environment.createSession(modelBytes.readAllBytes(), options);
            OnnxBertBiEncoder encoder = new OnnxBertBiEncoder(environment, session,
                    new ByteArrayInputStream(tokenizerJson), PoolingMode.MEAN);
            HuggingFaceTokenizer pieces = HuggingFaceTokenizer.newInstance(new ByteArrayInputStream(tokenizerJson),
                    Map.of("maxLength", String.valueOf(MAX_TOKEN_INPUT), "truncation", "true", "padding", "false"));
            return new Loaded(environment, session, encoder, pieces);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the embedding model", e);
        } catch (OrtException e) {
            throw new IllegalStateException("cannot load the embedding model", e);
        }
    }

    /** langchain4j's in-process model around an encoder whose session this class configured. */
    private static final class SingleThreadedModel extends AbstractInProcessEmbeddingModel {

        private final OnnxBertBiEncoder encoder;

        SingleThreadedModel(OnnxBertBiEncoder encoder) {
            super(Runnable::run);
            this.encoder = encoder;
        }

        @Override
        protected OnnxBertBiEncoder model() {
            return encoder;
        }

        @Override
        protected Integer knownDimension() {
            return 384;
        }
    }
}
