package dev.capplanner.router.semantic;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.onnx.AbstractInProcessEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.OnnxBertBiEncoder;
import dev.langchain4j.model.embedding.onnx.PoolingMode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * all-MiniLM-L6-v2 (quantized), run in-process by ONNX Runtime; the model ships inside a Maven
 * artifact, so nothing is downloaded at run time. About 2 ms per short sentence on these cores.
 *
 * <p>The session runs each embedding on the calling thread alone, without ONNX Runtime's own thread
 * pool: a router embeds one short question per turn while other turns use the other cores, and the
 * pool's threads spin-wait after every embedding (ONNX Runtime's default), which cost four times
 * the embedding's own CPU when questions arrive 20 ms apart (docs/benchmarks.md, "Third session").
 * The vectors are the same either way.
 */
public final class MiniLmEmbedder implements TextEmbedder {

    private static final String MODEL_RESOURCE = "all-minilm-l6-v2-q.onnx";
    private static final String TOKENIZER_RESOURCE = "all-minilm-l6-v2-q-tokenizer.json";

    /** One session per JVM, opened on first use, as the stock model keeps one: the model is 23 MB. */
    private static final class Shared {
        static final SingleThreadedModel MODEL = new SingleThreadedModel(load());
    }

    private final SingleThreadedModel model = Shared.MODEL;

    @Override
    public float[] embed(String text) {
        return normalize(model.embed(TextSegment.from(text)).content().vector());
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

    private static OnnxBertBiEncoder load() {
        ClassLoader resources = MiniLmEmbedder.class.getClassLoader();
        try (InputStream modelBytes = resources.getResourceAsStream(MODEL_RESOURCE);
                InputStream tokenizer = resources.getResourceAsStream(TOKENIZER_RESOURCE);
                OrtSession.SessionOptions options = callingThreadOnly()) {
            if (modelBytes == null || tokenizer == null) {
                throw new IllegalStateException("the embedding model is not on the class path: " + MODEL_RESOURCE);
            }
            OrtEnvironment environment = OrtEnvironment.getEnvironment();
            OrtSession session = environment.createSession(modelBytes.readAllBytes(), options);
            return new OnnxBertBiEncoder(environment, session, tokenizer, PoolingMode.MEAN);
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
