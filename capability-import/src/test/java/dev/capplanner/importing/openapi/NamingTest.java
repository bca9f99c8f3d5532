package dev.capplanner.importing.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What an operation is about, read from its path. */
class NamingTest {

    @Test
    void theEntityIsTheLastLiteralSegmentInTheSingular() {
        assertThat(Naming.entity("/customers/{customerId}/orders")).isEqualTo("order");
        assertThat(Naming.entity("/repos/{owner}/{repo}/issues/{issue_number}")).isEqualTo("issue");
        assertThat(Naming.entity("/repos/{owner}/{repo}/branches")).isEqualTo("branch");
        assertThat(Naming.entity("/customers/{id}/addresses")).isEqualTo("address");
        assertThat(Naming.entity("/warehouses/{id}/boxes")).isEqualTo("box");
        assertThat(Naming.entity("/users/{id}/activities")).isEqualTo("activity");
        assertThat(Naming.entity("/orders/{id}/status")).as("not a plural").isEqualTo("status");
        assertThat(Naming.entity("/reports/{id}/analysis")).as("not a plural").isEqualTo("analysis");
        assertThat(Naming.entity("/repos/{owner}/{repo}/statuses/{sha}")).isEqualTo("status");
        assertThat(Naming.entity("/emojis")).as("a plural in -is").isEqualTo("emoji");
        assertThat(Naming.entity("/apis/{apiId}")).isEqualTo("api");
        assertThat(Naming.entity("/restaurants/{id}/menus")).as("a plural in -us").isEqualTo("menu");
        assertThat(Naming.entity("/repos/{owner}/{repo}/actions/caches")).as("a noun in -che").isEqualTo("cache");
        assertThat(Naming.entity("/v1/batches")).isEqualTo("batch");
    }

    @Test
    void aSegmentThatPicksOneRecordNamesTheCollectionBeforeIt() {
        assertThat(Naming.entity("/repos/{owner}/{repo}/releases/latest")).isEqualTo("release");
        assertThat(Naming.entity("/users/me")).isEqualTo("user");
        assertThat(Naming.entity("/latest")).as("nothing before it: the segment stands").isEqualTo("latest");
    }
}
