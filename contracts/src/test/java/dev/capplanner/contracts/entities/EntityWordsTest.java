package dev.capplanner.contracts.entities;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which words of a question name an entity, in the singular or the plural. */
class EntityWordsTest {

    @Test
    void pluralsAndAbbreviationsNameTheEntity() {
        assertThat(EntityWords.singular("commits")).isEqualTo("commit");
        assertThat(EntityWords.singular("branches")).isEqualTo("branch");
        assertThat(EntityWords.singular("categories")).isEqualTo("category");
        assertThat(EntityWords.singular("status")).as("no plural").isEqualTo("status");
        assertThat(EntityWords.namedBy("repo")).containsExactlyInAnyOrder("repo", "repository");
        assertThat(EntityWords.namedBy("commits")).containsExactly("commit");
        assertThat(EntityWords.head("pull request")).isEqualTo("request");
    }

    @Test
    void aPluralNamesSeveral() {
        assertThat(EntityWords.plural("workflows")).isTrue();
        assertThat(EntityWords.plural("environments")).isTrue();
        assertThat(EntityWords.plural("status")).isFalse();
        assertThat(EntityWords.plural("address")).isFalse();
        assertThat(EntityWords.plural("has")).isFalse();
        assertThat(EntityWords.plural("commit")).isFalse();
    }
}
