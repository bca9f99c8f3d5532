package dev.capplanner.contracts.entities;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NaturalKeysTest {

    @Test
    void aLoginFillsAUsernameAShaARefATagNameATagWhateverTheirCase() {
        assertThat(NaturalKeys.fills("login", "username")).isTrue();
        assertThat(NaturalKeys.fills("sha", "ref")).isTrue();
        assertThat(NaturalKeys.fills("sha", "commit_sha")).isTrue();
        assertThat(NaturalKeys.fills("tag_name", "tag")).isTrue();
        assertThat(NaturalKeys.fills("tagName", "Tag")).isTrue();
    }

    @Test
    void aKeyFillsOnlyTheInputsOfWhatItNames() {
        assertThat(NaturalKeys.fills("login", "ref")).as("an account is not a commit").isFalse();
        assertThat(NaturalKeys.fills("sha", "username")).isFalse();
        assertThat(NaturalKeys.fills("name", "username")).as("a name is no key").isFalse();
        assertThat(NaturalKeys.isNaturalKey("name")).isFalse();
        assertThat(NaturalKeys.isNaturalKey(null)).isFalse();
        assertThat(NaturalKeys.isNaturalKey("login")).isTrue();
    }
}
