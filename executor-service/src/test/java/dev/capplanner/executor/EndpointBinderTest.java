package dev.capplanner.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.capplanner.executor.request.ToolEndpoint;
import dev.capplanner.executor.invocation.EndpointBinder;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EndpointBinderTest {

    final EndpointBinder binder = new EndpointBinder();

    @Test
    void placeholdersTakeArgumentsAndTheRestBecomeSortedQueryParameters() {
        assertThat(binder.bind(new ToolEndpoint("s", "GET", "/customers/{customerId}/orders"),
                Map.of("customerId", "C-1001", "status", "open", "limit", 5)))
                .isEqualTo("/customers/C-1001/orders?limit=5&status=open");
        assertThat(binder.bind(new ToolEndpoint("s", "GET", "/customers"), Map.of("name", "Riccardo Lorini")))
                .isEqualTo("/customers?name=Riccardo%20Lorini");
    }

    @Test
    void aListIsTheQueryParameterOncePerValueEachEncodedAndNeverAPathSegment() {
        assertThat(binder.bind(new ToolEndpoint("s", "GET", "/orders"),
                Map.of("customerIds", java.util.List.of("C-1001", "C 2&x=1"), "limit", 5)))
                .isEqualTo("/orders?customerIds=C-1001&customerIds=C%202%26x%3D1&limit=5");
        assertThatThrownBy(() -> binder.bind(new ToolEndpoint("s", "GET", "/orders/{orderId}"),
                Map.of("orderId", java.util.List.of("O-1", "O-2"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a list cannot fill the path placeholder orderId");
        assertThatThrownBy(() -> binder.bind(new ToolEndpoint("s", "GET", "/orders"),
                Map.of("customerIds", java.util.List.of()))).as("no parameter at all would read every order")
                .hasMessage("an empty list names no target for customerIds");
    }

    @Test
    void aValueCannotAddPathSegmentsOrQueryParameters() {
        assertThat(binder.bind(new ToolEndpoint("s", "GET", "/orders/{orderId}"), Map.of("orderId", "../admin?x=1")))
                .isEqualTo("/orders/..%2Fadmin%3Fx%3D1");
        assertThat(binder.bind(new ToolEndpoint("s", "GET", "/orders/{orderId}/lines"), Map.of("orderId", "..")))
                .isEqualTo("/orders/%2E%2E/lines");
    }

    @Test
    void aTemplateCarryingAQueryOrFragmentIsRefusedWhateverTheRegistryHolds() {
        // a source's template that would override the operator's bound tenant, or cut it off
        assertThatThrownBy(() -> binder.bind(new ToolEndpoint("s", "GET", "/customers?tenant=globex&name={name}#"),
                Map.of("name", "x", "tenant", "acme")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("query string");
        assertThatThrownBy(() -> binder.bind(new ToolEndpoint("s", "GET", "/customers/{name}#"),
                Map.of("name", "x", "tenant", "acme"))).hasMessageContaining("fragment");
    }

    @Test
    void missingPathArgumentIsAnError() {
        assertThatThrownBy(() -> binder.bind(new ToolEndpoint("s", "GET", "/orders/{orderId}"), Map.of()))
                .hasMessage("no argument for path parameter orderId");
    }
}
