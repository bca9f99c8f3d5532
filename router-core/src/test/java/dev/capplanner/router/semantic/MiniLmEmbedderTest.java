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

    /**
     * A question is embedded once: the vector read with its tokens is the one {@link MiniLmEmbedder#embed}
     * gives (so the first stage ranks as before), for short and long texts, odd spacing and scripts.
     */
    @Test
    void theVectorReadWithTheTokensIsTheVectorAlone() {
        MiniLmEmbedder embedder = new MiniLmEmbedder();
        String long_ = "Summarize every open ticket of the customer and the invoices they are waiting on. ".repeat(20);
        for (String text : List.of("show the last 3 orders of Ada Lovelace", "is parcel SH-1042 on its way?",
                "Kündigungsfrist für Verträge", "  What   did   O'Brien  say?? ", "مانده حساب بانکی", "x", long_)) {
            EmbeddedText read = embedder.embedWithTokens(text);
            assertThat(read.vector()).as(text).containsExactly(embedder.embed(text), Offset.offset(1e-5f));
        }
    }

    @Test
    void tokenVectorsAreTheWordPiecesInOrderAsUnitVectors() {
        MiniLmEmbedder embedder = new MiniLmEmbedder();
        float[][] tokens = embedder.tokenVectors("Weather forecast, for Oslo!");
        assertThat(tokens.length).as("weather, forecast, for, oslo: no [CLS], [SEP] or punctuation").isEqualTo(4);
        for (float[] token : tokens) {
            double norm = 0;
            for (float v : token) {
                norm += v * v;
            }
            assertThat(Math.sqrt(norm)).isCloseTo(1.0, Offset.offset(1e-5));
        }
        assertThat(embedder.tokenVectors("word ".repeat(400)).length).as("the text's first pieces only")
                .isEqualTo(MiniLmEmbedder.MAX_TOKEN_INPUT - 2);
    }
}
