package dev.capplanner.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.snapshot.connection.ConnectionRegistration;
import dev.capplanner.snapshot.sourceimport.ImportedEntries;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Hidden arguments are the operator's to declare: marked for the executor, out of every planner's way. */
class HiddenArgumentsRegistrationTest {

    @Test
    void aHiddenParameterIsMarkedAndNoLongerRequired() {
        ConnectionRegistration registration = new ConnectionRegistration("tickets", "acme", "desk", "openapi",
                "http://x/openapi.json", "tickets-api", List.of(), Map.of(), List.of(), Map.of("tenant_id", "tenant"));
        Map<String, Object> schema = Map.of("type", "object", "required", List.of("ticketId", "tenant_id"),
                "properties", Map.of("ticketId", Map.of("type", "string"), "tenant_id", Map.of("type", "string")));
        Map<String, Object> marked = ImportedEntries.withHiddenArguments(schema, registration);
        assertThat(marked.get("required")).isEqualTo(List.of("ticketId"));
        assertThat(marked).extracting("properties").extracting("tenant_id")
                .isEqualTo(Map.of("type", "string", "x-capplanner-bind", "tenant"));
    }

    @Test
    void onlyTheRunContextCanBeBound() {
        ConnectionRegistration registration = new ConnectionRegistration("tickets", "acme", "desk", "openapi",
                "http://x/openapi.json", "tickets-api", List.of(), Map.of(), List.of(), Map.of("owner", "anyone"));
        assertThat(registration.problem()).isEqualTo("hiddenArguments bind to one of " + ConnectionRegistration.RUN_CONTEXT);
    }
}
