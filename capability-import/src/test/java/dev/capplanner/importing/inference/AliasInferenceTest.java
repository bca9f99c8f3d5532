package dev.capplanner.importing.inference;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Imported capabilities get aliases (seed rule "smaller rules"): the phrasings a name does not hold. */
class AliasInferenceTest {

    @Test
    void eachKindOfReadGetsThePhrasingsUsersAskWithForItsEntity() {
        assertThat(AliasInference.of("search", "customer", "searchCustomers"))
                .containsExactly("find customer", "look up customer");
        assertThat(AliasInference.of("list", "shipment", "ParcelPoint--ListShipments"))
                .containsExactly("all shipment", "show shipment");
        assertThat(AliasInference.of("detail", "invoice", "getInvoice"))
                .containsExactly("invoice details", "show invoice");
        assertThat(AliasInference.of("aggregate", "ticket", "ticketStats"))
                .containsExactly("how many ticket", "count ticket", "ticket totals");
        assertThat(AliasInference.of("fetch", "salesOrder", "fetchSalesOrder")).as("words of a camel-case entity")
                .containsExactly("sales order details", "show sales order", "get sales order");
    }

    @Test
    void aPhraseTheNameAlreadyHoldsIsNoAlias() {
        assertThat(AliasInference.of("search", "customer", "search_customer")).doesNotContain("search customer")
                .contains("find customer");
        assertThat(AliasInference.of("list", "order", "list_orders")).doesNotContain("list order");
    }

    @Test
    void anUnknownOperationOrAnEntityThatNamesNothingGetsNone() {
        assertThat(AliasInference.of("call", "weather", "weather")).isEmpty();
        assertThat(AliasInference.of("search", "item", "search")).isEmpty();
        assertThat(AliasInference.of(null, null, null)).isEmpty();
    }

    @Test
    void anAliasLongerThanTheBoundIsLeftOut() {
        String longEntity = "a".repeat(AliasInference.MAX_LENGTH - "find ".length() + 1);
        assertThat(AliasInference.of("search", longEntity, "x")).isEmpty();
        assertThat(AliasInference.of("search", longEntity.substring(1), "x")).contains("find " + longEntity.substring(1));
    }
}
