package dev.capplanner.importing.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What an operation is about, read from its path. */
class NamingTest {

    @Test
    void theEntityIsTheLastLiteralSegmentInTheSingular() {
        assertThat(Naming.entity("/customers/{customerId}/orders")).isEqualTo("order");
        assertThat(Naming.entity("/repos/{owner}/{repo}/issues/{issue_number}")).isEqualTo("issue");
    }

    @Test
    void aSegmentThatPicksOneRecordNamesTheCollectionBeforeIt() {
        assertThat(Naming.entity("/repos/{owner}/{repo}/releases/latest")).isEqualTo("release");
        assertThat(Naming.entity("/users/me")).isEqualTo("user");
        assertThat(Naming.entity("/latest")).as("nothing before it: the segment stands").isEqualTo("latest");
    }
}
