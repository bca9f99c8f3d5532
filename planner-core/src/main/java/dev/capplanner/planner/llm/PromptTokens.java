package dev.capplanner.planner.llm;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import java.util.Locale;

/**
 * Counts prompt tokens with the BPE encoding of the configured model's family: {@code o200k_base}
 * for OpenAI's GPT-4o, GPT-4.1, GPT-5 and o-series models, {@code cl100k_base} for GPT-4 and GPT-3.5.
 * Other families (a Llama or Mistral model behind Ollama's {@code /v1}) have tokenizers of their own;
 * for them {@code cl100k_base} is the documented, consistent estimate (same text, same count, within
 * roughly a tenth of their own tokenizers on English and JSON).
 */
public final class PromptTokens {

    private final Encoding encoding;

    private PromptTokens(EncodingType type) {
        this.encoding = Encodings.newLazyEncodingRegistry().getEncoding(type);
    }

    public static PromptTokens forModel(String modelName) {
        String model = modelName == null ? "" : modelName.toLowerCase(Locale.ROOT);
        boolean o200k = model.startsWith("gpt-4o") || model.startsWith("gpt-4.1") || model.startsWith("gpt-5")
                || model.matches("^o[1-9].*") || model.startsWith("chatgpt-4o");
        return new PromptTokens(o200k ? EncodingType.O200K_BASE : EncodingType.CL100K_BASE);
    }

    public int count(String text) {
        return text == null || text.isEmpty() ? 0 : encoding.countTokensOrdinary(text);
    }

    public String encodingName() {
        return encoding.getName();
    }
}
