package dev.capplanner.contracts.entities;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The entities a "who" question asks for. */
class PersonEntitiesTest {

    @Test
    void anEntityIsAPersonByItsLastWordInTheSingular() {
        assertThat(PersonEntities.isPerson("customer")).isTrue();
        assertThat(PersonEntities.isPerson("Team Members")).isTrue();
        assertThat(PersonEntities.isPerson("users")).isTrue();
        assertThat(PersonEntities.isPerson("order")).isFalse();
        assertThat(PersonEntities.isPerson("user group")).as("a group of users is no person").isFalse();
        assertThat(PersonEntities.isPerson(null)).isFalse();
        assertThat(PersonEntities.isPerson(" ")).isFalse();
    }

    @Test
    void aSentenceThatOpensWithWhoOrAWhoeverAsksForAPerson() {
        assertThat(PersonEntities.asksWho("Who placed order O-5003?")).isTrue();
        assertThat(PersonEntities.asksWho("Somebody asks about O-7402. Whose order is it?")).isTrue();
        assertThat(PersonEntities.asksWho("I need to call back whoever opened T-4288")).isTrue();
        assertThat(PersonEntities.asksWho("Show the customers who paid last week")).as("a relative who").isFalse();
        assertThat(PersonEntities.asksWho("Show the whole order O-5003")).isFalse();
        assertThat(PersonEntities.asksWho(null)).isFalse();
    }
}
