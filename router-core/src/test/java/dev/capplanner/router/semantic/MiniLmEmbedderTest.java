package dev.capplanner.router.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import ai.onnxruntime.OrtSession;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/** The router's own session over the MiniLM model: same vectors as the stock one, no spinning pool. */
class MiniLmEmbedderTest {

    @Test
    void theSessionIsOpenedWithoutSpinningThreads() throws Exception {
        try (OrtSession.SessionOptions options = MiniLmEmbedder.callingThreadOnly()) {
            assertThat(options.getConfigEntries())
                    .containsEntry("session.intra_op.allow_spinning", "0")
                    .containsEntry("session.inter_op.allow_spinning", "0");
        }
    }

    @Test
    void theVectorsAreTheStockModelsNormalized() {
        MiniLmEmbedder embedder = new MiniLmEmbedder();
        AllMiniLmL6V2QuantizedEmbeddingModel stock = new AllMiniLmL6V2QuantizedEmbeddingModel();
        for (String text : List.of("show the last 3 orders of Ada Lovelace", "is parcel SH-1042 on its way?",
                "Kündigungsfrist für Verträge")) {
            float[] theirs = MiniLmEmbedder.normalize(stock.embed(text).content().vector());
            assertThat(embedder.embed(text)).hasSize(384).containsExactly(theirs, Offset.offset(1e-6f));
        }
    }
}
