package dev.capplanner.importing.inference;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
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

    @Test
    void aResourceFirstNameEndsWithItsVerb() {
        assertThat(ToolNameWords.action("products.search", "api:inventory", VERBS))
                .isEqualTo(new ToolNameWords.NamedAction("search", List.of("products")));
        assertThat(ToolNameWords.action("stripe_payments_list", "stripe", VERBS))
                .as("the source's word before the subject is a prefix there too")
                .isEqualTo(new ToolNameWords.NamedAction("list", List.of("payments")));
        assertThat(ToolNameWords.action("crm_list", "crm", VERBS)).as("a subject word remains")
                .isEqualTo(new ToolNameWords.NamedAction("list", List.of("crm")));
    }

    @Test
    void aTrailingWordThatIsOftenANounIsAVerbOnlyAsAMethodAfterADot() {
        Set<String> verbs = Set.of("get", "list", "search", "view", "post", "book", "query");
        assertThat(ToolNameWords.action("tickets.view", "api:helpdesk", verbs))
                .isEqualTo(new ToolNameWords.NamedAction("view", List.of("tickets")));
        assertThat(ToolNameWords.action("schedulePost", "social", verbs))
                .isEqualTo(new ToolNameWords.NamedAction(null, List.of("schedule", "post")));
        assertThat(ToolNameWords.action("publishBook", "books", verbs).verb()).isNull();
        assertThat(ToolNameWords.action("shipments.delivery_estimate", "api:shipping", Set.of("estimate")).verb())
                .as("the dotted part is two words").isNull();
        assertThat(ToolNameWords.action("ImageSearch", "images", verbs))
                .isEqualTo(new ToolNameWords.NamedAction("search", List.of("image")));
    }

    @Test
    void aLeadingVerbWinsAndANameWithoutAVerbHasNone() {
        assertThat(ToolNameWords.action("hubspot-list-objects", "hubspot", VERBS))
                .isEqualTo(new ToolNameWords.NamedAction("list", List.of("objects")));
        assertThat(ToolNameWords.action("list_search_results", "x", VERBS))
                .isEqualTo(new ToolNameWords.NamedAction("list", List.of("search", "results")));
        assertThat(ToolNameWords.action("weather_forecast", "weather", VERBS))
                .isEqualTo(new ToolNameWords.NamedAction(null, List.of("weather", "forecast")));
        assertThat(ToolNameWords.action("search", "x", VERBS))
                .isEqualTo(new ToolNameWords.NamedAction("search", List.of()));
    }
}
