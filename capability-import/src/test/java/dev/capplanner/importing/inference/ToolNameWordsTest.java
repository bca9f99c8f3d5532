package dev.capplanner.importing.inference;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

class ToolNameWordsTest {

    private static final Set<String> VERBS = Set.of("get", "list", "search");

    @Test
    void theSourcesNameAndAVersionBeforeAVerbAreAPrefix() {
        assertThat(ToolNameWords.withoutPrefix("hubspot-list-objects", "hubspot", VERBS)).containsExactly("list", "objects");
        assertThat(ToolNameWords.withoutPrefix("AcmeApiV2--ListInvoices", "mcp:acme", VERBS))
                .containsExactly("list", "invoices");
        assertThat(ToolNameWords.withoutPrefix("ParcelPointApiV2--TrackParcel", "mcp:parcelpoint", Set.of("track")))
                .as("parts of the source's name").containsExactly("track", "parcel");
        assertThat(ToolNameWords.withoutPrefix("maps_search_places", "mcp:google-maps", VERBS))
                .containsExactly("search", "places");
        assertThat(ToolNameWords.withoutPrefix("v1beta_get_report", "reports", VERBS)).containsExactly("get", "report");
    }

    @Test
    void namesWithoutSuchAPrefixKeepEveryWord() {
        assertThat(ToolNameWords.withoutPrefix("get_issue", "github", VERBS)).containsExactly("get", "issue");
        assertThat(ToolNameWords.withoutPrefix("customers.search", "api:shop", VERBS))
                .containsExactly("customers", "search");
        assertThat(ToolNameWords.withoutPrefix("weather_forecast", "weather", VERBS))
                .as("no verb follows: nothing says the first word is a prefix").containsExactly("weather", "forecast");
        assertThat(ToolNameWords.withoutPrefix("stripe_payments_list", "stripe", VERBS))
                .as("a noun before the verb is not a vendor word").containsExactly("stripe", "payments", "list");
        assertThat(ToolNameWords.withoutPrefix("hubspot", "hubspot", VERBS)).containsExactly("hubspot");
    }
}
