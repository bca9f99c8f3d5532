package dev.capplanner.router.rerank;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.Endpoint;
import dev.capplanner.router.semantic.CapabilityEmbeddings;
import dev.capplanner.router.semantic.MiniLmEmbedder;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TokenFeaturesTest {

    private final CapabilityEmbeddings embeddings = new CapabilityEmbeddings(new MiniLmEmbedder());
    private final TokenFeatures features = new TokenFeatures(
            capability -> embeddings.tokensOf(capability, capability.description()));

    @Test
    void tokensOfTheSameWordsMatchBestAndGapsAreToTheListsBest() {
        Capability forecast = tool("weather.forecast", "Weather forecast for a city");
        Capability invoices = tool("billing.invoices", "List the invoices of a customer");
        double[][] rows = features.of(embeddings.embedQuestion("weather forecast for a city").tokens(),
                candidates(invoices, forecast));
        assertThat(rows[1][0]).as("every question word has its own token in the tool's text").isGreaterThan(0.8);
        assertThat(rows[1][0]).isGreaterThan(rows[0][0] + 0.1);
        assertThat(rows[1][1]).isGreaterThan(rows[0][1]);
        assertThat(rows[1][2]).isCloseTo(0.0, within(1e-12));
        assertThat(rows[0][2]).isCloseTo(rows[0][0] - rows[1][0], within(1e-12));
        assertThat(rows[0][3]).isLessThan(0);
    }

    @Test
    void aCapabilitysTokensAreReadOnceForEveryReranking() {
        Capability forecast = tool("weather.forecast", "Weather forecast for a city");
        assertThat(embeddings.tokensOf(forecast, forecast.description()))
                .isSameAs(embeddings.tokensOf(forecast, forecast.description()));
    }

    private static List<RerankCandidate> candidates(Capability... capabilities) {
        return Arrays.stream(capabilities).map(c -> new RerankCandidate(c, 0.5, 0.5, 0.5)).toList();
    }

    private static Capability tool(String name, String description) {
        return new Capability(name, "mcp", "mcp:" + name.substring(0, name.indexOf('.')), null, null, description,
                List.of(), true, new Endpoint("tools", "CALL", name), Map.of("type", "object"), null, List.of(),
                List.of(), null, null, null);
    }
}
