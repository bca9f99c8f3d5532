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
}
