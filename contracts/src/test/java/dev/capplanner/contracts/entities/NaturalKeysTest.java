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

    @Test
    void anAccountsKeyFillsAUsernameOnlyFromAPersonsRecord() {
        assertThat(NaturalKeys.fills("username", "login")).isTrue();
        assertThat(NaturalKeys.fills("login", "user")).as("a user input may be an id (Slack's is)").isFalse();
        assertThat(NaturalKeys.fillsFrom("user.login", "pull", "username")).isTrue();
        assertThat(NaturalKeys.fillsFrom("[].author.login", "commit", "username")).isTrue();
        assertThat(NaturalKeys.fillsFrom("organization.login", "repo", "username")).as("an organization's").isFalse();
        assertThat(NaturalKeys.fillsFrom("[].login", "follower", "username")).as("a person's own").isTrue();
        assertThat(NaturalKeys.fillsFrom("[].login", "org", "username")).as("an organization's own").isFalse();
        assertThat(NaturalKeys.fillsFrom("head.sha", "pull", "ref")).as("a commit's, held by anyone").isTrue();
    }

    @Test
    void namesCompareWithoutCaseUnderscoresOrDashesButNotWithoutDots() {
        assertThat(NaturalKeys.isNaturalKey("Tag-Name")).isTrue();
        assertThat(NaturalKeys.isNaturalKey("log.in")).as("a dot would read as a nested field").isFalse();
    }
}
