package dev.capplanner.router.evaluation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.Endpoint;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LateInteractionTest {

    @Test
    void tokensOfTheSameWordsMatchBestAndGapsAreToTheListsBest() {
        Capability forecast = tool("weather.forecast", "Weather forecast for a city");
        Capability invoices = tool("billing.invoices", "List the invoices of a customer");
        double[][] rows = new LateInteraction().features("weather forecast for a city", List.of(invoices, forecast));
        assertThat(rows[1][0]).as("every question word has its own token in the tool's text").isGreaterThan(0.8);
        assertThat(rows[1][0]).isGreaterThan(rows[0][0] + 0.1);
        assertThat(rows[1][1]).isGreaterThan(rows[0][1]);
        assertThat(rows[1][2]).isCloseTo(0.0, within(1e-12));
        assertThat(rows[0][2]).isCloseTo(rows[0][0] - rows[1][0], within(1e-12));
        assertThat(rows[0][3]).isLessThan(0);
    }

    private static Capability tool(String name, String description) {
        return new Capability(name, "mcp", "mcp:" + name.substring(0, name.indexOf('.')), null, null, description,
                List.of(), true, new Endpoint("tools", "CALL", name), Map.of("type", "object"), null, List.of(),
                List.of(), null, null, null);
    }
}
