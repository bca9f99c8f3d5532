package dev.capplanner.contracts.entities;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A person's name as questions write it, and the parameters that take one. */
class PersonNamesTest {

    @Test
    void aRunOfCapitalizedWordsButNotTheWordThatOpensTheSentence() {
        assertThat(PersonNames.in("Show the orders for Riccardo Lorini")).contains("Riccardo Lorini");
        assertThat(PersonNames.in("Riccardo Lorini's orders")).contains("Riccardo Lorini");
        assertThat(PersonNames.in("Does Marco Rossi have overdue invoices?")).contains("Marco Rossi");
        assertThat(PersonNames.in("Ugo Santangelo: which city is he in?")).contains("Ugo Santangelo");
        assertThat(PersonNames.in("Show Marco")).as("a verb and one word").isEmpty();
        assertThat(PersonNames.in("Ticket T-1024 mentions an order")).as("an identifier's letters").isEmpty();
        assertThat(PersonNames.in(null)).isEmpty();
    }

    @Test
    void aNameParameterOfAPersonNotOfAThing() {
        assertThat(PersonNames.isPersonNameParameter("name")).isTrue();
        assertThat(PersonNames.isPersonNameParameter("customer_name")).isTrue();
        assertThat(PersonNames.isPersonNameParameter("lastName")).isTrue();
        assertThat(PersonNames.isPersonNameParameter("username")).isFalse();
        assertThat(PersonNames.isPersonNameParameter("filename")).isFalse();
        assertThat(PersonNames.isPersonNameParameter("branch_name")).isFalse();
        assertThat(PersonNames.isPersonNameParameter("city")).isFalse();
        assertThat(PersonNames.isPersonNameParameter("secret_name")).as("a thing's name").isFalse();
        assertThat(PersonNames.isPersonNameParameter("product_name")).isFalse();
    }
}
